" Vim/Neovim compiler file for progress-lint.
" Copy to ~/.vim/compiler/ (Neovim: ~/.config/nvim/compiler/), then `:compiler progress-lint` and `:make`.
" The concise format is `path:line:col: severity: message [rule]`; %t keeps e/w/i as the entry's type.
" Vim's %c is a byte column, so columns are asked for in bytes (--column-unit byte).
if exists("current_compiler")
  finish
endif
let current_compiler = "progress-lint"

if exists(":CompilerSet") != 2
  command -nargs=* CompilerSet setlocal <args>
endif

CompilerSet makeprg=progress-lint\ --format\ concise\ --column-unit\ byte\ %
CompilerSet errorformat=%f:%l:%c:\ %t%*[a-z]:\ %m,%-G%.%#
