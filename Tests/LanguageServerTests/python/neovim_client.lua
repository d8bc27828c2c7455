-- Drives a headless Neovim attached to `progress-lint server`: waits for the spec's diagnostics,
-- applies the preferred quick fix at the first fixable one, hovers there, and writes what it saw
-- as JSON. Environment: PL_BINARY, PL_SPEC, PL_OUT, PL_MODERN (1: vim.lsp.config/enable, else
-- vim.lsp.start_client as Neovim 0.7 has it).
local binary, spec, out = os.getenv("PL_BINARY"), os.getenv("PL_SPEC"), os.getenv("PL_OUT")
local result = { diagnostics = {}, errors = {} }

local function finish()
  local file = io.open(out, "w")
  file:write(vim.fn.json_encode(result))
  file:close()
  vim.cmd("qall!")
end

local ok, err = pcall(function()
  vim.cmd("edit " .. vim.fn.fnameescape(spec))
  local bufnr = vim.api.nvim_get_current_buf()
  local root = vim.fn.fnamemodify(spec, ":h")
  if os.getenv("PL_MODERN") == "1" then
    vim.lsp.config("progress_lint", { cmd = { binary, "server" }, filetypes = { "yaml" }, root_markers = { ".git" } })
    vim.lsp.enable("progress_lint")
    vim.cmd("doautocmd FileType")
  else
    local id = vim.lsp.start_client({ name = "progress_lint", cmd = { binary, "server" }, root_dir = root })
    vim.lsp.buf_attach_client(bufnr, id)
  end
  vim.wait(15000, function() return #vim.diagnostic.get(bufnr) > 0 end, 20)
  local client = (vim.lsp.get_clients or vim.lsp.get_active_clients)({ bufnr = bufnr })[1]
    or vim.lsp.get_active_clients()[1]
  result.encoding = client and client.offset_encoding
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(result.diagnostics, { lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
      code = (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or d.code, message = d.message })
  end
  -- The preferred quick fix at the first diagnostic that has one.
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    local lsp = d.user_data and d.user_data.lsp
    local params = {
      textDocument = { uri = vim.uri_from_bufnr(bufnr) },
      -- Neovim 0.7 keeps no LSP range with the diagnostic: the whole line, as a line selection sends.
      range = lsp and lsp.range or { start = { line = d.lnum, character = 0 }, ["end"] = { line = d.lnum + 1, character = 0 } },
      context = { diagnostics = lsp and { lsp } or {}, only = { "quickfix" } },
    }
    local responses = vim.lsp.buf_request_sync(bufnr, "textDocument/codeAction", params, 10000) or {}
    for _, response in pairs(responses) do
      for _, action in ipairs(response.result or {}) do
        if action.isPreferred and action.edit and not result.applied then
          vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
          result.applied = action.title
        end
      end
    end
    if result.applied then break end
  end
  result.lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  local first = vim.diagnostic.get(bufnr)[1]
  if first then
    local hover = vim.lsp.buf_request_sync(bufnr, "textDocument/hover", {
      textDocument = { uri = vim.uri_from_bufnr(bufnr) },
      position = { line = first.lnum, character = first.col },
    }, 10000) or {}
    for _, response in pairs(hover) do
      if response.result then result.hover = response.result.contents.value end
    end
  end
end)
if not ok then table.insert(result.errors, tostring(err)) end
finish()
