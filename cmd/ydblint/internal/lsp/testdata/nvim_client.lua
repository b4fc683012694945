-- A headless Neovim session that drives `ydblint lsp` the way a user's
-- config does, for TestNeovim. Neovim 0.7 API only (vim.lsp.start_client +
-- vim.lsp.buf_attach_client; vim.lsp.start is 0.8+).
--
-- Environment: YDBLINT_BIN (the binary), YDBLINT_FILE (the Go file to open),
-- YDBLINT_OUT (directory for the results). Results:
--   diagnostics.json   the diagnostics after opening the file
--   edited.go          the buffer after applying the first code action
--   diagnostics2.json  the diagnostics after a non-ASCII comment was put
--                      before the first diagnostic (on its line), and
--   line2.txt          that line
--   diagnostics3.json  the diagnostics after the first code action on that
--                      line and a second save (the finding goes away)
--   error.txt          why the session failed, if it did
-- YDBLINT_FILE must be a copy: the session writes it (:w) after the
-- non-ASCII edit.

local bin = assert(os.getenv("YDBLINT_BIN"), "YDBLINT_BIN")
local file = assert(os.getenv("YDBLINT_FILE"), "YDBLINT_FILE")
local out = assert(os.getenv("YDBLINT_OUT"), "YDBLINT_OUT")
local timeout = 240000

local function write(name, text)
  local f = assert(io.open(out .. "/" .. name, "w"))
  f:write(text)
  f:close()
end

local function diagnostics_json(buf)
  local list = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local lsp = (d.user_data or {}).lsp or {}
    table.insert(list, {
      lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
      severity = d.severity, message = d.message, source = d.source,
      code = d.code or lsp.code,
      href = lsp.codeDescription and lsp.codeDescription.href or vim.NIL,
    })
  end
  table.sort(list, function(a, b) return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col) end)
  return vim.fn.json_encode(list)
end

local function buffer_text(buf)
  return table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, true), "\n") .. "\n"
end

local function main()
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  local client_id = vim.lsp.start_client({
    name = "ydblint",
    cmd = { bin, "lsp" },
    root_dir = vim.fn.fnamemodify(file, ":p:h"),
  })
  assert(client_id, "start_client failed")
  assert(vim.lsp.buf_attach_client(buf, client_id), "buf_attach_client failed")

  if not vim.wait(timeout, function() return #vim.diagnostic.get(buf) > 0 end, 100) then
    error("no diagnostics within " .. timeout .. " ms")
  end
  write("diagnostics.json", diagnostics_json(buf))
  local first = vim.diagnostic.get(buf)[1]
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.lnum < first.lnum or (d.lnum == first.lnum and d.col < first.col) then first = d end
  end

  -- The user's way: cursor on the diagnostic, :lua vim.lsp.buf.code_action(),
  -- pick the first entry of the menu.
  vim.ui.select = function(items, _, on_choice) on_choice(items[1], 1) end
  vim.api.nvim_win_set_cursor(0, { first.lnum + 1, first.col })
  local tick = vim.api.nvim_buf_get_changedtick(buf)
  vim.lsp.buf.code_action()
  if not vim.wait(timeout, function() return vim.api.nvim_buf_get_changedtick(buf) ~= tick end, 50) then
    error("the code action changed nothing")
  end
  write("edited.go", buffer_text(buf))

  -- Back to the file's text, then non-ASCII text before the finding on
  -- its line: ranges must count UTF-16 code units.
  vim.cmd("silent undo")
  local line = vim.api.nvim_buf_get_lines(buf, first.lnum, first.lnum + 1, true)[1]
  local at = line:find('"', 1, true)
  assert(at, "no string literal on the diagnostic's line")
  local changed = line:sub(1, at - 1) .. "/* заказ 🚀 */ " .. line:sub(at)
  vim.api.nvim_buf_set_lines(buf, first.lnum, first.lnum + 1, true, { changed })
  write("line2.txt", changed)
  vim.cmd("silent write") -- didSave, as the user's :w
  local moved = function()
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if d.lnum == first.lnum and d.col ~= first.col then return true end
    end
    return false
  end
  if not vim.wait(timeout, moved, 100) then
    error("no diagnostics after the non-ASCII edit")
  end
  write("diagnostics2.json", diagnostics_json(buf))

  -- A second save must refresh the diagnostics too (the server re-checks
  -- the edited package from its cached graph): the first code action
  -- fixes the finding on that line, :w, and the finding goes away.
  local before = #vim.diagnostic.get(buf)
  vim.api.nvim_win_set_cursor(0, { first.lnum + 1, 0 })
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.lnum == first.lnum then vim.api.nvim_win_set_cursor(0, { d.lnum + 1, d.col }) end
  end
  tick = vim.api.nvim_buf_get_changedtick(buf)
  vim.lsp.buf.code_action()
  if not vim.wait(timeout, function() return vim.api.nvim_buf_get_changedtick(buf) ~= tick end, 50) then
    error("the second code action changed nothing")
  end
  vim.cmd("silent write")
  local fixed = function()
    local n = 0
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if d.lnum == first.lnum then return false end
      n = n + 1
    end
    return n == before - 1
  end
  if not vim.wait(timeout, fixed, 100) then
    error("the second save did not refresh the diagnostics: " .. diagnostics_json(buf))
  end
  write("diagnostics3.json", diagnostics_json(buf))

  vim.lsp.stop_client(client_id)
  if not vim.wait(10000, function() return vim.lsp.client_is_stopped(client_id) end, 50) then
    error("the server did not stop")
  end
end

local ok, err = pcall(main)
if not ok then
  write("error.txt", tostring(err))
  vim.cmd("cquit 1")
end
vim.cmd("qall!")
