#!/usr/bin/env bash
# CMake flags for building llama.cpp: this CPU's vector extensions, never AMX. Some virtual machines report
# AMX tiles in /proc/cpuinfo without enabling their register state, and llama.cpp's AMX kernels then crash
# the process on the first matrix multiply; a build that targets "native" picks them up.
flags=(-DGGML_NATIVE=OFF -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF)
cpu=$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null || true)
has() { [[ " $cpu " == *" $1 "* ]]; }
has avx && flags+=(-DGGML_AVX=ON)
has avx2 && flags+=(-DGGML_AVX2=ON)
has fma && flags+=(-DGGML_FMA=ON)
has f16c && flags+=(-DGGML_F16C=ON)
has avx512f && flags+=(-DGGML_AVX512=ON)
has avx512_vnni && flags+=(-DGGML_AVX512_VNNI=ON)
has avx512vbmi && flags+=(-DGGML_AVX512_VBMI=ON)
has avx512_bf16 && flags+=(-DGGML_AVX512_BF16=ON)
echo "${flags[*]}"
