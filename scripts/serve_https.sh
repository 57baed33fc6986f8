#!/usr/bin/env bash
# Serve the app over HTTPS on the local network, so that phones at the table may use the in-page
# camera and the clipboard (browsers allow both only over HTTPS, or on the computer itself).
#
#   scripts/serve_https.sh              # https://<this computer's address>:8501
#   PORT=8443 scripts/serve_https.sh    # another port; extra arguments go to `streamlit run`
#   scripts/serve_https.sh --cert-only  # only make the certificate (if there is none yet)
#
# On first run it makes a self-signed certificate with the `openssl` command for this computer's
# name and network addresses (valid 825 days), kept in the data folder's tls/ directory
# ($ZENGARDEN_DATA_DIR, else ~/.zengarden); delete that directory to make a new one (e.g. after
# the computer's address changed). Each phone asks once to accept the certificate.
set -euo pipefail
cd "$(dirname "$0")/.."

PORT="${PORT:-8501}"
PY=".venv/bin/python"
[ -x "$PY" ] || PY="python3"
DATA="$("$PY" -c 'from zengarden.history import data_dir; print(data_dir())')"
TLS="${ZENGARDEN_TLS_DIR:-$DATA/tls}"
CERT="$TLS/cert.pem"
KEY="$TLS/key.pem"

if [ ! -s "$CERT" ] || [ ! -s "$KEY" ]; then
    if ! command -v openssl >/dev/null 2>&1; then
        echo "error: the openssl command is needed to make a certificate (Debian: apt-get install openssl)" >&2
        exit 2
    fi
    mkdir -p "$TLS"
    chmod 700 "$TLS"
    SAN="DNS:localhost,IP:127.0.0.1,DNS:$(hostname)"
    for ip in $(hostname -I 2>/dev/null || true); do
        SAN="$SAN,IP:$ip"
    done
    openssl req -x509 -newkey rsa:2048 -nodes -days 825 -subj "/CN=Zen Garden Scorer" \
        -addext "subjectAltName=$SAN" -keyout "$KEY" -out "$CERT" 2>/dev/null
    chmod 600 "$KEY"
    echo "Made a self-signed certificate for $SAN in $TLS"
fi

if [ "${1:-}" = "--cert-only" ]; then
    exit 0
fi

for ip in $(hostname -I 2>/dev/null || true); do
    case "$ip" in *:*) ;; *) echo "On the phones open: https://$ip:$PORT (accept the certificate once)";; esac
done
exec "$PY" -m streamlit run app.py --server.address 0.0.0.0 --server.port "$PORT" \
    --server.sslCertFile "$CERT" --server.sslKeyFile "$KEY" --server.headless true "$@"
