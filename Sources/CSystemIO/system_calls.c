#define _GNU_SOURCE
#include "CSystemIO.h"

#include <fcntl.h>
#include <unistd.h>

int sw_pipe_cloexec(int ends[2]) {
    return pipe2(ends, O_CLOEXEC);
}
