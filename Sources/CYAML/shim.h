#ifndef PROGRESS_LINT_CYAML_SHIM_H
#define PROGRESS_LINT_CYAML_SHIM_H
#include <yaml.h>
#endif
