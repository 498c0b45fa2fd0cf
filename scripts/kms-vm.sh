#!/usr/bin/env bash
# Runs one command on a bare Linux console with a DRM device: a QEMU VM (TCG) whose guest chroots into this
# machine's root, mounted read-only over 9p, with bochs-drm (/dev/dri/card0, connector Virtual-1) and virtio
# keyboard and tablet (/dev/input/event*). No X, no Wayland, no udev: what a kiosk's console has.
#
#   scripts/kms-vm.sh [--dir DIR] [--timeout SECONDS] [--mem MB] -- 'shell command'
#
# The command runs in the guest as root, in the current directory, with HOME=/tmp and VM_DIR=/tmp/vm: DIR
# (default: a fresh temporary directory) is shared read-write there, so the command can leave files for the
# host. DIR also gets qmp.sock (QEMU's monitor, for scripts/kms-qmp.py: screendump, keys, pointer) while the
# VM runs, serial.log (the guest's console), out.log (the command's stdout and stderr) and rc (its exit code).
# Prints DIR's path on the last line; exits with the command's code, 3 when the guest never ran it (timeout:
# default 300 s), 2 on bad arguments or a missing tool (`scripts/install-deps.sh --test` installs them:
# qemu-system-x86, linux-image-amd64, busybox-static). KVM is not used (it fails on this host): TCG only.
set -euo pipefail

DIR="" TIMEOUT=300 MEM=1536
while [ $# -gt 0 ]; do
    case "$1" in
        --dir) DIR="$2"; shift 2 ;;
        --timeout) TIMEOUT="$2"; shift 2 ;;
        --mem) MEM="$2"; shift 2 ;;
        --) shift; break ;;
        *) echo "error: unknown argument '$1' (usage: kms-vm.sh [--dir DIR] [--timeout S] [--mem MB] -- 'command')" >&2; exit 2 ;;
    esac
done
[ $# -eq 1 ] || { echo "error: give the guest's command as one argument after --" >&2; exit 2; }
COMMAND="$1"
command -v qemu-system-x86_64 >/dev/null 2>&1 || { echo "error: no qemu-system-x86_64 (apt-get install qemu-system-x86)" >&2; exit 2; }
BUSYBOX=$(command -v busybox || true)
{ [ -n "$BUSYBOX" ] && file -L "$BUSYBOX" 2>/dev/null | grep -q 'statically linked'; } || [ -x /bin/busybox ] || { echo "error: no static busybox (apt-get install busybox-static)" >&2; exit 2; }
BUSYBOX=/bin/busybox

# The guest runs the kernel whose modules are installed here (the newest under /lib/modules with a /boot image).
KVER=""
for k in $(ls -1 /lib/modules 2>/dev/null | sort -V -r); do
    [ -f "/boot/vmlinuz-$k" ] && { KVER="$k"; break; }
done
[ -n "$KVER" ] || { echo "error: no kernel in /boot with modules in /lib/modules (apt-get install linux-image-amd64)" >&2; exit 2; }

[ -n "$DIR" ] || DIR=$(mktemp -d /tmp/kms-vm.XXXXXX)
mkdir -p "$DIR"
DIR=$(cd "$DIR" && pwd)
rm -f "$DIR/rc" "$DIR/out.log" "$DIR/serial.log" "$DIR/qmp.sock"

# The initramfs, cached per kernel: busybox, the modules in dependency order, and /init.
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/scrollkit-kms-vm"
INITRD="$CACHE/initrd-$KVER.cpio.gz"
if [ ! -f "$INITRD" ] || [ "$0" -nt "$INITRD" ]; then
    mkdir -p "$CACHE"
    ROOT=$(mktemp -d)
    trap 'rm -rf "$ROOT"' EXIT
    mkdir -p "$ROOT"/{bin,dev,proc,sys,mnt,modules}
    cp "$BUSYBOX" "$ROOT/bin/busybox"
    for m in virtio_pci 9p 9pnet_virtio bochs virtio_input evdev; do
        modprobe -S "$KVER" --show-depends "$m" 2>/dev/null | awk '$1 == "insmod" { print $2 }'
    done | awk '!seen[$0]++' > "$ROOT/modules/order.list"
    : > "$ROOT/modules/order"
    while read -r ko; do
        base=$(basename "$ko")
        case "$ko" in
            *.xz) xz -dc "$ko" > "$ROOT/modules/${base%.xz}"; base=${base%.xz} ;;
            *.zst) zstd -qdc "$ko" > "$ROOT/modules/${base%.zst}"; base=${base%.zst} ;;
            *) cp "$ko" "$ROOT/modules/$base" ;;
        esac
        echo "$base" >> "$ROOT/modules/order"
    done < "$ROOT/modules/order.list"
    cat > "$ROOT/init" <<'INIT'
#!/bin/busybox sh
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc; mount -t sysfs sys /sys; mount -t devtmpfs dev /dev
while read -r m; do insmod /modules/$m 2>/dev/null; done < /modules/order
mount -t 9p -o trans=virtio,version=9p2000.L,ro host /mnt || { echo "KMSVM: no host root"; poweroff -f; }
mount -t devtmpfs dev /mnt/dev; mount -t proc proc /mnt/proc; mount -t sysfs sys /mnt/sys
mount -t tmpfs tmp /mnt/tmp; mkdir -p /mnt/tmp/vm /mnt/dev/pts /mnt/dev/shm
mount -t devpts devpts /mnt/dev/pts; mount -t tmpfs shm /mnt/dev/shm
mount -t 9p -o trans=virtio,version=9p2000.L,rw,cache=none work /mnt/tmp/vm || { echo "KMSVM: no work dir"; poweroff -f; }
i=0; while [ ! -e /dev/dri/card0 ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i+1)); done
echo "KMSVM: up $(cat /proc/uptime)"
chroot /mnt /bin/sh /tmp/vm/.cmd > /mnt/tmp/vm/out.log 2>&1
echo $? > /mnt/tmp/vm/rc
sync
echo "KMSVM: done $(cat /mnt/tmp/vm/rc)"
poweroff -f
INIT
    chmod +x "$ROOT/init"
    (cd "$ROOT" && find . | cpio -o -H newc --quiet | gzip -1) > "$INITRD.tmp"
    mv "$INITRD.tmp" "$INITRD"
fi

printf 'cd %q || exit 97\nexport HOME=/tmp VM_DIR=/tmp/vm PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin TERM=linux\nunset DISPLAY WAYLAND_DISPLAY SDL_VIDEODRIVER XDG_RUNTIME_DIR\n%s\n' "$PWD" "$COMMAND" > "$DIR/.cmd"

timeout --foreground -k 5 "$TIMEOUT" qemu-system-x86_64 -accel tcg -m "$MEM" -smp 1 \
    -kernel "/boot/vmlinuz-$KVER" -initrd "$INITRD" -append "console=ttyS0 quiet panic=-1 rdinit=/init mitigations=off cryptomgr.notests nokaslr" \
    -display none -vga std -serial "file:$DIR/serial.log" -monitor none -no-reboot \
    -device virtio-keyboard-pci -device virtio-tablet-pci \
    -virtfs "local,path=/,mount_tag=host,security_model=none,readonly=on,multidevs=remap" \
    -virtfs "local,path=$DIR,mount_tag=work,security_model=none" \
    -qmp "unix:$DIR/qmp.sock,server=on,wait=off" > "$DIR/qemu.log" 2>&1 || true
rm -f "$DIR/qmp.sock"
echo "$DIR"
if [ ! -f "$DIR/rc" ]; then
    echo "error: the VM did not run the command within ${TIMEOUT} s (its console: $DIR/serial.log)" >&2
    exit 3
fi
exit "$(cat "$DIR/rc")"
