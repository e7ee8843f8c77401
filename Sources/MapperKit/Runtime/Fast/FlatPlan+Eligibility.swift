import Foundation

extension PlanBuilder {
    /// Which types the transcoder handles: constraints it checks, no transformers, expressions
    /// only where `FlatPlan.Expressions` takes them, nested and flattened models (without
    /// variants) and union members that qualify too.
    /// `on_error` does not matter: a value that does not convert makes `transcode` return false
    /// and the general reader, which applies `on_error` and records the warnings, does the document.
    static func transcodable(_ types: [ModelType]) -> [Bool] {
        // What each type asks of itself, on every core, and the models it nests (by index).
        let own = types.concurrentMap { type -> (qualifies: Bool, nested: [Int]) in
            var nested: [Int] = []
            func conversionQualifies(_ conversion: Conversion) -> Bool {
                switch conversion {
                case .scalar, .enumeration:
                    return true
                case .model(let index, let dispatch):
                    nested.append(index)
                    return !dispatch
                case .array(let element), .dictionary(let element):
                    return conversionQualifies(element)
                case .union(let plan):
                    return plan.members.allSatisfy(conversionQualifies)
                default:
                    return false
                }
            }
            let qualifies =
                (!type.usesExpressions || FlatPlan.Expressions(type) != nil)
                && type.properties.allSatisfy { plan in
                    FlatPlan.checksConstraints(of: plan) && conversionQualifies(plan.conversion)
                }
            return (qualifies, nested)
        }
        // Then the nested models, depth first: a type being visited is on the current path.
        enum State { case unknown, visiting, qualifies, fails }
        var states = Array(repeating: State.unknown, count: types.count)
        func typeQualifies(_ index: Int) -> Bool {
            switch states[index] {
            case .qualifies: return true
            case .fails: return false
            case .visiting: return true  // a recursive model qualifies if the rest does
            case .unknown: break
            }
            states[index] = .visiting
            let qualifies = own[index].qualifies && own[index].nested.allSatisfy(typeQualifies)
            states[index] = qualifies ? .qualifies : .fails
            return qualifies
        }
        return types.indices.map(typeQualifies)
    }
}

extension FlatPlan {
    /// Whether the fast paths check all of a property's constraints as the general reader does:
    /// lengths of strings, arrays and dictionaries (`satisfiesLength`), bounds of numbers and
    /// patterns of strings (`satisfiesValueConstraints`). Other pairings are left to it.
    static func checksConstraints(of property: PropertyPlan) -> Bool {
        let constraints = property.spec.constraints
        if constraints.minLength != nil || constraints.maxLength != nil {
            switch property.conversion {
            case .scalar(.string), .array, .dictionary: break
            default: return false
            }
        }
        if constraints.minimum != nil || constraints.maximum != nil {
            switch property.conversion {
            case .scalar(.int(.number)), .scalar(.double(.number)), .scalar(.decimal(.number)): break
            default: return false
            }
        }
        if constraints.pattern != nil {
            guard case .scalar(.string) = property.conversion else { return false }
        }
        return true
    }
}
