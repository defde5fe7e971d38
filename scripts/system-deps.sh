#!/usr/bin/env bash
# Installs the Debian packages quipu needs, when running as root and they are missing.
set -euo pipefail
packages=(ca-certificates cmake chromium npm espeak-ng tesseract-ocr tesseract-ocr-spa tesseract-ocr-por fonts-dejavu-core)
missing=()
for p in "${packages[@]}"; do
  # a Node.js that came with the machine brings its own npm; Debian's npm package would conflict with it
  [ "$p" = npm ] && command -v npm >/dev/null 2>&1 && continue
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "missing Debian packages: ${missing[*]} (run as root, or install them: apt-get install ${missing[*]})" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
