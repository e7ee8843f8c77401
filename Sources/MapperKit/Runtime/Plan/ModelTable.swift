/// The compiled models of a catalog, by index and by name: what conversions refer to by index,
/// and the flat form the token transcoders read.
///
/// Built once per load by `PlanBuilder`, then never changed. A class so that models can keep the
/// table they were read with (`Model.set` reads values through it).
final class ModelTable: Sendable {
    let types: [ModelType]
    let indices: [String: Int]
    /// The models in the flat form `CanonicalTranscoder` and `EncodeTranscoder` read.
    let flat: FlatPlan

    init(types: [ModelType], indices: [String: Int], flat: FlatPlan) {
        self.types = types
        self.indices = indices
        self.flat = flat
        for type in types { type.table = self }
    }

    func type(named name: String) -> ModelType? {
        indices[name].map { types[$0] }
    }
}
