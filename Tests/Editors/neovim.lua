-- A real editor on `mapper lsp`: Neovim's built-in LSP client opens a mapping file with a typo,
-- receives the diagnostic, applies the quick fix the server offers and asks for completion.
-- Every check is on what Neovim itself received. Run by script/editor-test in a workspace holding
-- Mappings/issue.yaml; exits 0 when every check holds, 1 otherwise (with the reason on stderr).
-- Uses the API of Neovim 0.7 (Debian 12's), which later versions keep.

local mapper = os.getenv("MAPPER")
local function fail(message)
  io.stderr:write("FAIL: " .. message .. "\n")
  vim.cmd("cquit 1")
end
local function say(message) io.stdout:write(message .. "\n") end

vim.cmd("edit Mappings/issue.yaml")
local buf = vim.api.nvim_get_current_buf()
local client_id = vim.lsp.start_client({ name = "mapper", cmd = { mapper, "lsp" }, root_dir = vim.fn.getcwd() })
if client_id == nil then fail("the client did not start") end
vim.lsp.buf_attach_client(buf, client_id)

-- 1. The diagnostic of the typo, as Neovim shows it.
if not vim.wait(15000, function() return #vim.diagnostic.get(buf) > 0 end, 20) then fail("no diagnostic arrived") end
local diagnostic = vim.diagnostic.get(buf)[1]
local lsp_diagnostic = diagnostic.user_data and diagnostic.user_data.lsp or {}
local typo_line = vim.fn.search("itn", "n") - 1
local typo_col = vim.fn.stridx(vim.fn.getline(typo_line + 1), "itn")
say(string.format("diagnostic %s at %d:%d-%d: %s", lsp_diagnostic.code, diagnostic.lnum, diagnostic.col, diagnostic.end_col, diagnostic.message))
if lsp_diagnostic.code ~= "unknown-type" then fail("expected unknown-type, got " .. tostring(lsp_diagnostic.code)) end
if diagnostic.severity ~= vim.diagnostic.severity.ERROR then fail("not an error") end
if diagnostic.lnum ~= typo_line or diagnostic.col ~= typo_col or diagnostic.end_col ~= typo_col + 3 then
  fail(string.format("the diagnostic is not on 'itn' (line %d, column %d)", typo_line, typo_col))
end

-- 2. The quick fix, applied as Neovim applies a code action's edit.
local client = vim.lsp.get_client_by_id(client_id)
-- The diagnostic back in LSP's form, as Neovim's own code_action() sends it.
local range = {
  start = { line = diagnostic.lnum, character = diagnostic.col },
  ["end"] = { line = diagnostic.end_lnum, character = diagnostic.end_col },
}
local context_diagnostic = {
  range = range, message = diagnostic.message, severity = diagnostic.severity, source = diagnostic.source,
  code = lsp_diagnostic.code, data = lsp_diagnostic.data,
}
local params = {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  range = range,
  context = { diagnostics = { context_diagnostic } },
}
local response = client.request_sync("textDocument/codeAction", params, 10000, buf)
if response == nil or response.err ~= nil or response.result == nil or #response.result ~= 1 then
  fail("expected one code action, got " .. vim.inspect(response))
end
local action = response.result[1]
say("code action: " .. action.title)
if action.title ~= "Change to 'int'" then fail("unexpected action " .. action.title) end
vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding or "utf-16")
local fixed = vim.fn.getline(typo_line + 1)
say("line after the fix: " .. fixed)
if not fixed:find("id: int", 1, true) then fail("the fix did not write 'int': " .. fixed) end
if not vim.wait(15000, function() return #vim.diagnostic.get(buf) == 0 end, 20) then
  fail("the diagnostic stayed after the fix: " .. vim.inspect(vim.diagnostic.get(buf)))
end
say("diagnostics cleared")

-- 3. Completion of a type, typed into the buffer (Neovim sends the change).
local last = vim.api.nvim_buf_line_count(buf)
vim.api.nvim_buf_set_lines(buf, last, last, false, { "      owner: " })
local completion = client.request_sync("textDocument/completion", {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  position = { line = last, character = 13 },
}, 10000, buf)
if completion == nil or completion.err ~= nil then fail("completion failed: " .. vim.inspect(completion)) end
local items = completion.result.items or completion.result
local labels = {}
for _, item in ipairs(items) do labels[item.label] = true end
say("completion: " .. #items .. " items")
for _, wanted in ipairs({ "int", "string", "date", "User", "Issue", "[T]" }) do
  if not labels[wanted] then fail("completion lacks " .. wanted) end
end

vim.lsp.stop_client(client_id)
vim.wait(5000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 20)
say("ok")
vim.cmd("qall!")
