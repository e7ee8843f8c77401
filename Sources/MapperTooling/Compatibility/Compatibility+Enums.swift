import MapperKit

extension Comparison {
    /// Case names are the canonical side; the JSON values and aliases decode reads are the external
    /// side, where a value the new enum no longer knows breaks only when there is no `default`.
    mutating func compareEnum(_ before: EnumSpec, _ after: EnumSpec) {
        let name = before.name
        for item in before.cases where after.case(named: item.name) == nil {
            let successor =
                after.cases.first { $0.json == item.json }.map { " (its JSON value \(item.json.quoted) is now case '\($0.name)')" } ?? ""
            add(.canonical, true, .enumCaseRemoved, name, item.name, "enum case '\(item.name)' removed\(successor)", item.mark, nil)
        }
        for item in after.cases where before.case(named: item.name) == nil {
            add(.canonical, false, .enumCaseAdded, name, item.name, "enum case '\(item.name)' added", nil, item.mark)
        }
        let accepted = Set(after.cases.flatMap { [$0.json] + $0.aliases })
        var seen = Set<JSONValue>()
        for item in before.cases {
            for value in [item.json] + item.aliases where !accepted.contains(value) && seen.insert(value).inserted {
                if let fallback = after.defaultCase {
                    add(
                        .external, false, .enumValueRemoved, name, item.name,
                        "JSON value \(value.quoted) is no longer a case value: it decodes to the default case '\(fallback)'", item.mark,
                        after.mark)
                } else {
                    add(
                        .external, true, .enumValueRemoved, name, item.name,
                        "JSON value \(value.quoted) is no longer a case value and the enum has no default: documents with it are refused",
                        item.mark, after.mark)
                }
            }
        }
        let known = Set(before.cases.flatMap { [$0.json] + $0.aliases })
        for item in after.cases {
            for value in [item.json] + item.aliases where !known.contains(value) {
                add(
                    .external, false, .enumValueAdded, name, item.name, "JSON value \(value.quoted) now decodes to case '\(item.name)'",
                    nil, item.mark)
            }
        }
        switch (before.defaultCase, after.defaultCase) {
        case (let from?, nil):
            add(
                .external, true, .enumDefaultChanged, name, nil,
                "default case '\(from)' removed: documents with values no case lists are refused", before.mark, after.mark)
        case (nil, let to?):
            add(
                .external, false, .enumDefaultChanged, name, nil, "default case '\(to)' added: unknown values decode to it", before.mark,
                after.mark)
        case (let from?, let to?) where from != to:
            add(
                .canonical, false, .enumDefaultChanged, name, nil, "default case changed from '\(from)' to '\(to)'", before.mark, after.mark
            )
        default: break
        }
    }

    /// `$type` in canonical JSON names the variant; the external side is which documents pick one.
    mutating func compareVariants(_ before: ModelSpec, _ after: ModelSpec) {
        let model = before.name
        switch (before.variants, after.variants) {
        case (nil, nil): return
        case (_?, nil):
            add(
                .canonical, true, .typeTagChanged, model, nil, "variants removed: canonical JSON no longer starts with \"$type\"",
                before.mark, after.mark)
            return
        case (nil, let variants?):
            add(
                .canonical, true, .typeTagChanged, model, nil,
                "variants added: canonical JSON now starts with \"$type\" and canonical documents need it", before.mark, variants.mark)
            return
        case (let old?, let new?):
            let newModels = Set(new.models)
            for variant in Set(old.models).subtracting(newModels).sorted() {
                add(
                    .canonical, true, .variantRemoved, model, variant,
                    "variant '\(variant)' removed: \"$type\": \"\(variant)\" is no longer produced or read", old.mark, new.mark)
            }
            for variant in newModels.subtracting(old.models).sorted() {
                add(.canonical, false, .variantAdded, model, variant, "variant '\(variant)' added", old.mark, new.mark)
            }
            let newChoices = new.choices
            for choice in old.choices {
                guard let condition = choice.condition else { continue }
                if let match = newChoices.first(where: { $0.condition == condition }) {
                    if match.model != choice.model {
                        add(
                            .canonical, true, .typeTagChanged, model, choice.model,
                            "documents where \(condition) now decode as '\(match.model)', not '\(choice.model)'", old.mark, new.mark)
                    }
                } else if let fallback = new.fallback {
                    add(
                        .external, fallback != choice.model, .variantRemoved, model, choice.model,
                        "no variant is chosen by \(condition) any more: those documents decode as the fallback '\(fallback)'", old.mark,
                        new.mark)
                } else {
                    add(
                        .external, true, .variantRemoved, model, choice.model,
                        "no variant is chosen by \(condition) any more and there is no fallback: those documents are refused", old.mark,
                        new.mark)
                }
            }
            if let fallback = old.fallback, new.fallback == nil {
                add(
                    .external, true, .variantRemoved, model, fallback,
                    "fallback '\(fallback)' removed: documents no predicate or case picks are refused", old.mark, new.mark)
            }
        }
    }
}
