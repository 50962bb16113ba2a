// The HTML page's filters for one project: module, cause, quick wins only and (with
// `--compare`) new only. They are radio buttons and checkboxes; CSS `:has()` rules hide the
// views and findings that do not match, so they need no script (the page allows none).

/// One project section's filter form, the rules that apply it, and the attributes that the
/// views (table rows and details) and findings carry for them.
struct AuditFilters {
    let number: Int
    let comparing: Bool
    /// The modules of the section's views, by name; a view's attribute is its index here.
    let modules: [String]
    /// The causes the section has, with their finding counts, in the reference's order.
    let causes: [(category: AuditCategory, findings: Int)]

    init(section: AuditSection, number: Int, comparing: Bool) {
        self.number = number
        self.comparing = comparing
        modules = Array(Set(section.views.map(\.module))).sorted()
        causes = section.categoryCounts.filter { $0.findings > 0 }.map { ($0.category, $0.findings) }
    }

    private var prefix: String { "f\(number)" }

    /// The form above the ranked table.
    var form: String {
        var out = "<form class=\"filters\" id=\"\(prefix)\" aria-label=\"Filter the views\">\n"
        if modules.count > 1 {
            out += "<fieldset><legend>Module</legend>" + radio("m", "all", "all", checked: true)
            for (index, module) in modules.enumerated() { out += radio("m", "\(index)", AuditHTML.escape(module)) }
            out += "</fieldset>\n"
        }
        out += "<fieldset><legend>Cause</legend>" + radio("c", "any", "all", checked: true)
        for cause in causes {
            out += radio("c", cause.category.rawValue, AuditHTML.escape(cause.category.title) + " \(cause.findings)")
        }
        out += "</fieldset>\n<fieldset><legend>Show</legend>"
            + "<label><input type=\"checkbox\" id=\"\(prefix)-q\"><span>quick wins only</span></label>"
            + (comparing ? "<label><input type=\"checkbox\" id=\"\(prefix)-n\"><span>new only</span></label>" : "")
            + "</fieldset>\n</form>\n"
        return out
    }

    private func radio(_ group: String, _ value: String, _ label: String, checked: Bool = false) -> String {
        "<label><input type=\"radio\" name=\"\(prefix)-\(group)\" id=\"\(prefix)-\(group)-\(value)\"\(checked ? " checked" : "")>"
            + "<span>\(label)</span></label>"
    }

    /// The rules: with a module chosen, other modules' views are hidden; with a cause,
    /// quick wins or new findings asked for, the views with no such finding and, inside
    /// the views shown, the findings that are not.
    var css: String {
        let section = "#project-\(number)"
        var out = "\n"
        for index in modules.indices {
            out += "\(section):has(#\(prefix)-m-\(index):checked) [data-m]:not([data-m=\"\(index)\"]){display:none}\n"
        }
        var checks: [(attribute: String, when: String)] = [("data-c", ""), ("data-cq", ":has(#\(prefix)-q:checked)")]
        if comparing {
            checks += [("data-cn", ":has(#\(prefix)-n:checked)"), ("data-cqn", ":has(#\(prefix)-q:checked):has(#\(prefix)-n:checked)")]
        }
        for cause in ["any"] + causes.map(\.category.rawValue) {
            for check in checks {
                out += "\(section):has(#\(prefix)-c-\(cause):checked)\(check.when) [data-m]:not([\(check.attribute)~=\"\(cause)\"]){display:none}\n"
            }
            if cause != "any" {
                out += "\(section):has(#\(prefix)-c-\(cause):checked) details.finding:not([data-c=\"\(cause)\"]){display:none}\n"
            }
        }
        out += "\(section):has(#\(prefix)-q:checked) details.finding[data-q=\"0\"]{display:none}\n"
        if comparing { out += "\(section):has(#\(prefix)-n:checked) details.finding[data-n=\"0\"]{display:none}\n" }
        return out
    }

    /// A view's attributes: its module, and the causes of all its findings, of its quick
    /// wins, of its new findings and of its new quick wins (each list holds `any` when
    /// not empty).
    func attributes(_ view: AuditView) -> String {
        func causes(_ findings: [AuditFinding]) -> String {
            let ids = AuditCategory.allCases.filter { category in findings.contains { $0.category == category } }.map(\.rawValue)
            return ids.isEmpty ? "" : (["any"] + ids).joined(separator: " ")
        }
        let quick = view.findings.filter(\.isQuickWin)
        // A view measured with no finding shows under "all" (`Evidence.swift`).
        let all = view.findings.isEmpty && view.evidence != nil ? "any" : causes(view.findings)
        var out = " data-m=\"\(modules.firstIndex(of: view.module) ?? -1)\""
            + " data-c=\"\(all)\" data-cq=\"\(causes(quick))\""
        if comparing {
            out += " data-cn=\"\(causes(view.findings.filter { $0.change == .new }))\""
                + " data-cqn=\"\(causes(quick.filter { $0.change == .new }))\""
        }
        return out
    }

    /// A finding's attributes: its cause, whether it is a quick win and whether it is new.
    func attributes(_ finding: AuditFinding) -> String {
        " data-c=\"\(finding.category.rawValue)\" data-q=\"\(finding.isQuickWin ? 1 : 0)\""
            + (comparing ? " data-n=\"\(finding.change == .new ? 1 : 0)\"" : "")
    }
}
