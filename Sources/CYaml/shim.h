#ifndef MAPPER_CYAML_SHIM_H
#define MAPPER_CYAML_SHIM_H
#include <yaml.h>
#endif
