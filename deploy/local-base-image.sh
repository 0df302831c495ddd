#!/bin/sh
# Builds a stand-in for the image's Node.js base (node:20-bookworm-slim) on a machine that reaches
# Debian's packages but no container registry: Debian bookworm (debootstrap, minbase) with this
# machine's Node.js 20 and npm, the `node` user (uid 1000) the official image has, and this machine's
# certificate authorities (a network whose egress re-signs TLS needs them for `npm ci` in the build).
# Usage: sh deploy/local-base-image.sh [tag]   then   docker build --build-arg NODE_IMAGE=<tag> -t plaza .
set -eu
tag="${1:-plaza-local/node:20}"
node_bin="$(command -v node)"
npm_dir="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")"
root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
command -v debootstrap >/dev/null || apt-get install -y debootstrap
debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian
cp "$node_bin" "$root/usr/local/bin/node"
mkdir -p "$root/usr/local/lib/node_modules"
cp -r "$npm_dir" "$root/usr/local/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
chroot "$root" useradd --uid 1000 --create-home --shell /bin/sh node
mkdir -p "$root/etc/ssl/certs"
cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
rm -rf "$root/var/cache/apt/archives"/*.deb "$root/var/lib/apt/lists"/*
tar -C "$root" -c . | docker import --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' - "$tag"
echo "Built $tag"
