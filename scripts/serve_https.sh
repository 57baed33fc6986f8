#!/usr/bin/env bash
# Serve the app over HTTPS on the local network, so that phones at the table may use the in-page
# camera and the clipboard (browsers allow both only over HTTPS, or on the computer itself).
# The same as `zengarden serve --https` (zengarden/serve.py does the work for both):
#
#   scripts/serve_https.sh              # https://<this computer's address>:8501
#   PORT=8443 scripts/serve_https.sh    # another port; extra arguments go to `streamlit run`
#   scripts/serve_https.sh --cert-only  # only make the certificate (if there is none yet)
#
# On first run a self-signed certificate is made with the `openssl` command for this computer's
# name and network addresses (valid 825 days), kept in the data folder's tls/ directory
# ($ZENGARDEN_TLS_DIR, else $ZENGARDEN_DATA_DIR/tls, else ~/.zengarden/tls); delete that directory
# to make a new one (e.g. after the computer's address changed). Each phone asks once to accept it.
set -euo pipefail
cd "$(dirname "$0")/.."

PY=".venv/bin/python"
[ -x "$PY" ] || PY="python3"
if [ "${1:-}" = "--cert-only" ]; then
    exec "$PY" -m zengarden.cli serve --https --cert-only
fi
exec "$PY" -m zengarden.cli serve --https --port "${PORT:-8501}" -- "$@"
