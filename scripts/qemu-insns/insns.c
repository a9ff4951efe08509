/*
 * insns.c: a qemu TCG plugin that counts the guest instructions a program
 * executes and prints the total to stderr when it exits. Deterministic:
 * the same binary and input give the same count on every run, unlike
 * emulated time. Used by scripts/insn-count.sh (issue 21).
 *
 * Built with the host gcc as a shared object; loaded with
 *   qemu-arm -plugin ./insns.so,outfile=PATH prog args...
 * (Debian's dynamic qemu-user; the -static builds cannot load plugins).
 *
 * Only the few entry points of QEMU's plugin API (version 1, as in QEMU
 * 7.2) that this needs are declared below, so no QEMU headers are needed.
 * At each translation block's translation the plugin asks QEMU to add the
 * block's instruction count to one counter every time the block runs
 * (an inline add, no callback per instruction). Every vCPU adds to the
 * same counter: user-mode runs of single-threaded programs only.
 *
 * Trace mode (scripts/insn-count.sh with INSN_MCA=1), with trace=PATH,skip=N,len=M: the
 * disassembly of the executed instructions N to N + M - 1 (counted from
 * the start of the program, in execution order, one per line) is written
 * to PATH, for llvm-mca to time as a straight-line stream. Only the main
 * binary's instructions are written (shared libraries on armhf are Thumb
 * code, the binary ARM code, and llvm-mca takes one mode); how many of
 * the window's instructions were elsewhere is reported as "outside N".
 * With all=1 every instruction is written (a program whose work is in a
 * shared library, such as openssl's in libcrypto).
 * Each instruction then gets an execution callback, which is slow; the
 * count is the same.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <inttypes.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
typedef struct qemu_info_t qemu_info_t;
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 = 0 };
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);
struct qemu_plugin_insn;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS = 0 };
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index, void *userdata);
extern struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb,
                                                        size_t idx);
extern char *qemu_plugin_insn_disas(const struct qemu_plugin_insn *insn);
extern uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
extern uint64_t qemu_plugin_start_code(void);
extern uint64_t qemu_plugin_end_code(void);
extern void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn,
                                                   qemu_plugin_vcpu_udata_cb_t cb,
                                                   enum qemu_plugin_cb_flags flags,
                                                   void *userdata);

extern void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
                                                  qemu_plugin_vcpu_tb_trans_cb_t cb);
extern void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb,
                                                     enum qemu_plugin_op op, void *ptr,
                                                     uint64_t imm);
extern size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
extern void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_udata_cb_t cb,
                                           void *userdata);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

static uint64_t count;
static char outfile[4096];
static FILE *trace;
static uint64_t skip, len, outside;
static int trace_all;

/* Trace mode: one call per executed instruction; udata is its
 * disassembly, or NULL for an instruction outside the main binary. */
static void insn_exec(unsigned int vcpu, void *udata)
{
    (void)vcpu;
    if (count >= skip && count - skip < len) {
        if (udata) {
            fputs((const char *)udata, trace);
            fputc('\n', trace);
        } else {
            outside++;
        }
    }
    count++;
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    (void)id;
    if (!trace) {
        qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64, &count,
                                                 qemu_plugin_tb_n_insns(tb));
        return;
    }
    for (size_t i = 0; i < qemu_plugin_tb_n_insns(tb); i++) {
        struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
        uint64_t pc = qemu_plugin_insn_vaddr(insn);
        char *d = NULL;
        if (trace_all || (pc >= qemu_plugin_start_code() && pc < qemu_plugin_end_code())) {
            /* kept for the run: a block is translated once, or a few times */
            d = qemu_plugin_insn_disas(insn);
            if (!d) {
                d = (char *)"nop";
            }
        }
        qemu_plugin_register_vcpu_insn_exec_cb(insn, insn_exec, QEMU_PLUGIN_CB_NO_REGS, d);
    }
}

static void at_exit(qemu_plugin_id_t id, void *p)
{
    (void)id;
    (void)p;
    FILE *f = outfile[0] ? fopen(outfile, "w") : stderr;
    if (!f) {
        perror(outfile);
        return;
    }
    fprintf(f, "insns %" PRIu64 "\n", count);
    if (trace) {
        fprintf(f, "outside %" PRIu64 "\n", outside);
    }
    if (f != stderr) {
        fclose(f);
    }
    if (trace) {
        fclose(trace);
    }
}

__attribute__((visibility("default"))) int
qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv)
{
    (void)info;
    for (int i = 0; i < argc; i++) {
        if (strncmp(argv[i], "outfile=", 8) == 0) {
            snprintf(outfile, sizeof outfile, "%s", argv[i] + 8);
        } else if (strncmp(argv[i], "trace=", 6) == 0) {
            trace = fopen(argv[i] + 6, "w");
            if (!trace) {
                perror(argv[i] + 6);
                return -1;
            }
        } else if (strncmp(argv[i], "skip=", 5) == 0) {
            skip = strtoull(argv[i] + 5, NULL, 10);
        } else if (strncmp(argv[i], "len=", 4) == 0) {
            len = strtoull(argv[i] + 4, NULL, 10);
        } else if (strcmp(argv[i], "all=1") == 0) {
            trace_all = 1;
        } else {
            fprintf(stderr,
                    "insns.so: unknown argument %s (outfile=PATH, trace=PATH, skip=N, len=M, all=1)\n",
                    argv[i]);
            return -1;
        }
    }
    qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
    qemu_plugin_register_atexit_cb(id, at_exit, NULL);
    return 0;
}
