"""Serving the app, for ``zengarden serve [--https] [--port N]`` and ``scripts/serve_https.sh`` (one
implementation for both).

Over plain HTTP on the local network a phone's browser gives the page no camera and no clipboard
(both need a secure context; only ``localhost`` is exempt), so ``--https`` serves it with a
self-signed certificate made on first use by the ``openssl`` command, for ``localhost`` and this
computer's name and network addresses, and kept in the data folder's ``tls/`` directory
(``$ZENGARDEN_TLS_DIR`` overrides it). Delete that directory to make a new one, e.g. after the
computer's address changed. The ``openssl`` command rather than the ``cryptography`` package: the
app does not otherwise depend on that package.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from zengarden.history import data_dir

#: Overrides where the certificate and its key are kept (default: ``<data folder>/tls``).
ENV_TLS_DIR = "ZENGARDEN_TLS_DIR"
DEFAULT_PORT = 8501
#: Days the self-signed certificate is valid: 825, the longest some phone browsers accept.
CERT_DAYS = 825
CERT_SUBJECT = "/CN=Zen Garden Scorer"
APP = Path(__file__).resolve().parents[1] / "app.py"


class ServeError(RuntimeError):
    """The app cannot be served as asked (no ``openssl`` to make a certificate, no ``app.py``)."""


@dataclass(frozen=True)
class Certificate:
    """A certificate and its private key on disk; ``made``: made by this call, not found."""

    cert: Path
    key: Path
    made: bool
    names: tuple[str, ...] = ()  # the subjectAltName entries it was made for ("DNS:localhost", ...)


def tls_dir() -> Path:
    """Where the certificate is kept: ``$ZENGARDEN_TLS_DIR``, else the data folder's ``tls/``."""
    env = os.environ.get(ENV_TLS_DIR, "").strip()
    return Path(env).expanduser() if env else data_dir() / "tls"


def local_addresses() -> list[str]:
    """This computer's IPv4 addresses on its networks (what a phone at the table can reach), best
    first: ``hostname -I`` where it exists (Linux), else the address of the default route (found by
    connecting a UDP socket, which sends nothing)."""
    found: list[str] = []
    try:
        out = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=5, check=True).stdout
        found = [a for a in out.split() if ":" not in a]
    except (OSError, subprocess.SubprocessError):
        pass
    if not found:
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect(("192.0.2.1", 9))  # a documentation address: only picks the outgoing interface
                found = [s.getsockname()[0]]
        except OSError:
            pass
    return [a for a in dict.fromkeys(found) if not a.startswith("127.")]


def subject_alt_names(hostname: str, addresses: Sequence[str]) -> tuple[str, ...]:
    """The names a certificate is made for: localhost, this computer's name and its addresses."""
    names = ["DNS:localhost", "IP:127.0.0.1"]
    if hostname and hostname != "localhost":
        names.append(f"DNS:{hostname}")
    names += [f"IP:{a}" for a in addresses]
    return tuple(dict.fromkeys(names))


def ensure_certificate(directory: Path | None = None, addresses: Sequence[str] | None = None) -> Certificate:
    """The certificate in ``directory`` (default :func:`tls_dir`), made on first use: RSA 2048,
    self-signed, :data:`CERT_DAYS` days, for :func:`subject_alt_names`; the directory and the key
    readable by their owner only. A certificate already there is kept as it is."""
    directory = directory or tls_dir()
    cert, key = directory / "cert.pem", directory / "key.pem"
    if _nonempty(cert) and _nonempty(key):
        return Certificate(cert, key, made=False)
    openssl = shutil.which("openssl")
    if openssl is None:
        raise ServeError("the openssl command is needed to make a certificate (Debian: apt-get install openssl)")
    names = subject_alt_names(socket.gethostname(), local_addresses() if addresses is None else addresses)
    directory.mkdir(parents=True, exist_ok=True)
    directory.chmod(0o700)
    done = subprocess.run(
        [openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", str(CERT_DAYS), "-subj", CERT_SUBJECT,
         "-addext", "subjectAltName=" + ",".join(names), "-keyout", str(key), "-out", str(cert)],
        capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        raise ServeError(f"openssl could not make a certificate: {done.stderr.strip()}")
    key.chmod(0o600)
    return Certificate(cert, key, made=True, names=names)


def _nonempty(path: Path) -> bool:
    return path.is_file() and path.stat().st_size > 0


def streamlit_command(port: int, certificate: Certificate | None = None, extra: Sequence[str] = ()) -> list[str]:
    """The command that serves the app: on ``port``; with a certificate over HTTPS on every
    interface; ``extra`` arguments go to ``streamlit run``."""
    cmd = [sys.executable, "-m", "streamlit", "run", str(APP), "--server.port", str(port),
           "--server.headless", "true"]
    if certificate is not None:
        cmd += ["--server.address", "0.0.0.0", "--server.sslCertFile", str(certificate.cert),
                "--server.sslKeyFile", str(certificate.key)]
    return cmd + list(extra)


def serve(port: int = DEFAULT_PORT, https: bool = False, cert_only: bool = False, extra: Sequence[str] = (),
          out: TextIO | None = None) -> int:
    """Make the certificate if ``https`` asks for one and there is none, say where the phones go,
    then replace this process by Streamlit serving the app (``cert_only``: stop after the certificate).
    Raises :class:`ServeError`."""
    out = out or sys.stdout
    certificate = None
    if https or cert_only:
        certificate = ensure_certificate()
        if certificate.made:
            print(f"Made a self-signed certificate for {','.join(certificate.names)} in {certificate.cert.parent}",
                  file=out)
    if cert_only:
        return 0
    if not APP.is_file():
        raise ServeError(f"{APP} not found: serve from the project's source tree (pip install -e .)")
    scheme = "https" if https else "http"
    for address in local_addresses():
        note = " (accept the certificate once)" if https else ""
        print(f"On the phones open: {scheme}://{address}:{port}{note}", file=out)
    out.flush()
    cmd = streamlit_command(port, certificate, extra)
    os.execv(cmd[0], cmd)  # Streamlit takes over this process: Ctrl+C and signals reach it directly
    return 0  # not reached
