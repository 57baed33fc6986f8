"""zengarden.serve and `zengarden serve`: the self-signed certificate for HTTPS on the LAN is made
once (for localhost, this computer's name and addresses; key private), kept afterwards, and the
app is handed to Streamlit with it."""

from __future__ import annotations

import io
import shutil
import socket
import subprocess
from pathlib import Path

import pytest

from zengarden import serve
from zengarden.cli import main

needs_openssl = pytest.mark.skipif(shutil.which("openssl") is None, reason="the openssl command is not installed")


def _san(cert: Path) -> str:
    return subprocess.run(["openssl", "x509", "-in", str(cert), "-noout", "-ext", "subjectAltName"],
                          capture_output=True, text=True, check=True).stdout


@needs_openssl
def test_the_certificate_is_made_once_for_this_computer_and_then_kept(tmp_path: Path) -> None:
    tls = tmp_path / "tls"
    made = serve.ensure_certificate(tls, addresses=["192.168.1.20"])
    assert made.made and made.cert == tls / "cert.pem" and made.key == tls / "key.pem"
    assert made.cert.read_text().startswith("-----BEGIN CERTIFICATE-----")
    assert made.key.stat().st_mode & 0o077 == 0 and tls.stat().st_mode & 0o077 == 0  # the owner's only
    san = _san(made.cert)
    assert "DNS:localhost" in san and "IP Address:127.0.0.1" in san and "IP Address:192.168.1.20" in san
    assert f"DNS:{socket.gethostname()}" in san
    assert made.names == serve.subject_alt_names(socket.gethostname(), ["192.168.1.20"])
    before = made.cert.read_bytes()
    again = serve.ensure_certificate(tls, addresses=["10.0.0.9"])
    assert not again.made and again.cert.read_bytes() == before  # kept, not made for the new address


def test_without_openssl_an_existing_certificate_is_used_and_none_is_made(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(serve.shutil, "which", lambda name: None)
    with pytest.raises(serve.ServeError, match="openssl"):
        serve.ensure_certificate(tmp_path / "tls", addresses=[])
    (tmp_path / "tls").mkdir()
    (tmp_path / "tls" / "cert.pem").write_text("a certificate")
    (tmp_path / "tls" / "key.pem").write_text("its key")
    assert serve.ensure_certificate(tmp_path / "tls").made is False


@needs_openssl
def test_cli_cert_only_makes_it_in_the_data_folder_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ZENGARDEN_DATA_DIR", str(tmp_path))
    monkeypatch.delenv(serve.ENV_TLS_DIR, raising=False)
    out, err = io.StringIO(), io.StringIO()
    assert main(["serve", "--https", "--cert-only"], out, err) == 0, err.getvalue()
    assert "Made a self-signed certificate" in out.getvalue() and (tmp_path / "tls" / "cert.pem").is_file()
    out = io.StringIO()
    assert main(["serve", "--cert-only"], out, err) == 0
    assert out.getvalue() == ""


def test_cli_serve_hands_the_app_to_streamlit_with_the_certificate(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    cert = serve.Certificate(tmp_path / "cert.pem", tmp_path / "key.pem", made=False)
    monkeypatch.setattr(serve, "ensure_certificate", lambda: cert)
    monkeypatch.setattr(serve, "local_addresses", lambda: ["192.168.1.20"])
    started: list[list[str]] = []
    monkeypatch.setattr(serve.os, "execv", lambda path, argv: started.append(argv))
    out = io.StringIO()
    assert main(["serve", "--https", "--port", "8443", "--", "--server.maxUploadSize", "50"], out) == 0
    assert "On the phones open: https://192.168.1.20:8443 (accept the certificate once)" in out.getvalue()
    cmd = started[0]
    assert cmd[1:4] == ["-m", "streamlit", "run"] and Path(cmd[4]) == serve.APP
    flags = dict(zip(cmd[5::2], cmd[6::2]))
    assert flags["--server.port"] == "8443" and flags["--server.address"] == "0.0.0.0"
    assert flags["--server.sslCertFile"] == str(cert.cert) and flags["--server.sslKeyFile"] == str(cert.key)
    assert flags["--server.maxUploadSize"] == "50"  # what follows -- goes to streamlit run
    # plain HTTP: no certificate, Streamlit's own address
    started.clear()
    assert main(["serve"], io.StringIO()) == 0
    assert "--server.sslCertFile" not in started[0] and "--server.address" not in started[0]


def test_a_port_outside_1_to_65535_is_refused() -> None:
    with pytest.raises(SystemExit) as exc:
        main(["serve", "--port", "70000"], io.StringIO(), io.StringIO())
    assert exc.value.code == 2
