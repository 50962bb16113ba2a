// The editor setup as people use it: neovim's own LSP client (headless) starts the built
// `bodywork lsp`, waits for a diagnostic, reads the hover, applies the quick fix, saves
// the file and sees the diagnostic go.
import Foundation
import XCTest

final class NeovimClientTests: XCTestCase {
    func testNeovimShowsTheFindingAndAppliesItsFix() throws {
        guard let nvim = ["/usr/bin/nvim", "/usr/local/bin/nvim", "/opt/homebrew/bin/nvim"]
            .first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("no nvim (Debian's `neovim`, as .ci/run installs) to run the editor")
        }
        let box = try Sandbox()
        try box.write("Sources/App/Debug.swift", """
            import SwiftUI

            struct DebugView: View {
                var body: some View {
                    let _ = Self._printChanges()
                    Text("hi")
                }
            }

            """)
        try box.write("client.lua", Self.client)
        let arguments = "lua _G.arg_bodywork = '\(Sandbox.shippingBinary.path)'; _G.arg_file = 'Sources/App/Debug.swift'; "
            + "_G.arg_out = '\(box.path("report.txt"))'"
        let result = try Sandbox.execute(URL(fileURLWithPath: nvim), [
            "--headless", "-u", "NONE", "-i", "NONE", "--cmd", arguments, "-c", "luafile client.lua",
        ], in: box.root, stdin: nil, environment: [
            "XDG_CACHE_HOME": box.path(".cache"), "XDG_STATE_HOME": box.path(".state"), "XDG_DATA_HOME": box.path(".data"),
            "XDG_CONFIG_HOME": box.path(".config"),
        ])
        let report = (try? box.text("report.txt")) ?? ""
        XCTAssertEqual(result.status, 0, report + result.stderr)
        XCTAssertTrue(report.contains("diagnostic 4:16 print-changes "), report)
        XCTAssertTrue(report.contains("hover **print-changes** (warning)"), report)
        XCTAssertTrue(report.contains("action Disable print-changes for this line"), report)
        XCTAssertTrue(report.hasSuffix("cleared\n"), report)
        XCTAssertEqual(try box.text("Sources/App/Debug.swift"), """
            import SwiftUI

            struct DebugView: View {
                var body: some View {
                    Text("hi")
                }
            }

            """)
    }

    /// The client's script, in neovim's Lua (0.7 and later: `vim.lsp.start_client`).
    private static let client = #"""
-- Headless neovim: its own LSP client starts `bodywork lsp`, opens a
-- file, waits for the diagnostics, applies the first quick fix and saves the file.
local bodywork, file, out = _G.arg_bodywork, _G.arg_file, _G.arg_out
local report = {}
local function finish(status)
  local handle = io.open(out, 'w'); handle:write(table.concat(report, '\n') .. '\n'); handle:close()
  vim.cmd(status == 0 and 'qall!' or 'cquit!')
end
local function exercise()
vim.cmd('edit ' .. vim.fn.fnameescape(file))
local buffer = vim.api.nvim_get_current_buf()
local client_id = vim.lsp.start_client({ name = 'bodywork', cmd = { bodywork, 'lsp' }, root_dir = vim.fn.getcwd() })
if not client_id then table.insert(report, 'error: the server did not start'); return finish(1) end
vim.lsp.buf_attach_client(buffer, client_id)
local found = vim.wait(20000, function() return #vim.diagnostic.get(buffer) > 0 end, 50)
if not found then table.insert(report, 'error: no diagnostics'); return finish(1) end
for _, d in ipairs(vim.diagnostic.get(buffer)) do
  table.insert(report, string.format('diagnostic %d:%d %s %s', d.lnum, d.col, d.code or '', d.message))
end
local client = vim.lsp.get_client_by_id(client_id)
local first = vim.diagnostic.get(buffer)[1]
local params = {
  textDocument = { uri = vim.uri_from_bufnr(buffer) },
  range = { start = { line = first.lnum, character = first.col }, ['end'] = { line = first.end_lnum, character = first.end_col } },
  context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(buffer, first.lnum) },
}
local hover = client.request_sync('textDocument/hover', { textDocument = params.textDocument, position = params.range.start }, 10000, buffer)
if hover and hover.result then table.insert(report, 'hover ' .. hover.result.contents.value:gsub('\n', ' ')) end
local response = client.request_sync('textDocument/codeAction', params, 10000, buffer)
if not response or response.err then table.insert(report, 'error: codeAction failed'); return finish(1) end
local applied = false
for _, action in ipairs(response.result or {}) do
  table.insert(report, 'action ' .. action.title)
  if not applied and action.kind == 'quickfix' and action.edit and not action.title:match('^Disable') then
    vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
    applied = true
  end
end
if not applied then table.insert(report, 'error: no quick fix'); return finish(1) end
vim.cmd('write')
-- The server sees the edit and clears the diagnostic.
local cleared = vim.wait(20000, function() return #vim.diagnostic.get(buffer) == 0 end, 50)
table.insert(report, cleared and 'cleared' or 'error: the diagnostic stayed')
client.stop()
finish(cleared and 0 or 1)
end
-- Any error ends the editor with a failure instead of leaving it waiting.
local ok, problem = pcall(exercise)
if not ok then table.insert(report, 'error: ' .. tostring(problem)); finish(1) end
"""#
}
