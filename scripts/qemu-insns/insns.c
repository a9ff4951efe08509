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

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    (void)id;
    qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64, &count,
                                             qemu_plugin_tb_n_insns(tb));
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
    if (f != stderr) {
        fclose(f);
    }
}

__attribute__((visibility("default"))) int
qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv)
{
    (void)info;
    for (int i = 0; i < argc; i++) {
        if (strncmp(argv[i], "outfile=", 8) == 0) {
            snprintf(outfile, sizeof outfile, "%s", argv[i] + 8);
        } else {
            fprintf(stderr, "insns.so: unknown argument %s (outfile=PATH)\n", argv[i]);
            return -1;
        }
    }
    qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
    qemu_plugin_register_atexit_cb(id, at_exit, NULL);
    return 0;
}
