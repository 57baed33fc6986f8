"""scripts/serve_https.sh: the self-signed certificate for serving the app over HTTPS on the LAN is
made on first run (for localhost and this computer's addresses) and kept for later runs."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "serve_https.sh"


@pytest.mark.skipif(shutil.which("openssl") is None, reason="the openssl command is not installed")
def test_first_run_makes_a_certificate_later_runs_keep_it(tmp_path: Path) -> None:
    env = dict(os.environ, ZENGARDEN_DATA_DIR=str(tmp_path))
    first = subprocess.run([str(SCRIPT), "--cert-only"], env=env, capture_output=True, text=True, timeout=60)
    assert first.returncode == 0, first.stderr
    cert, key = tmp_path / "tls" / "cert.pem", tmp_path / "tls" / "key.pem"
    assert cert.read_text().startswith("-----BEGIN CERTIFICATE-----")
    assert key.stat().st_mode & 0o077 == 0  # the private key readable by its owner only
    san = subprocess.run(["openssl", "x509", "-in", str(cert), "-noout", "-ext", "subjectAltName"],
                         capture_output=True, text=True, check=True).stdout
    assert "DNS:localhost" in san and "127.0.0.1" in san
    before = cert.read_bytes()
    again = subprocess.run([str(SCRIPT), "--cert-only"], env=env, capture_output=True, text=True, timeout=60)
    assert again.returncode == 0 and "Made a self-signed certificate" not in again.stdout
    assert cert.read_bytes() == before
