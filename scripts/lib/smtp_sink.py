"""A real SMTP submission server for the email tests (issue 42): aiosmtpd
(PyPI) on loopback, requiring STARTTLS before anything and AUTH (PLAIN or
LOGIN, over TLS only) with one user, as a site's relay on port 587 does.
Each accepted message is written to DIR as NNN.eml (raw, as received);
`--parse FILE` prints it parsed with Python's email package as JSON.

    python3 smtp_sink.py --dir DIR --cert CERT --key KEY --user U --password P
    prints {"port": N} once listening; runs until killed.
"""
import argparse
import json
import os
import signal
import ssl
import sys
import threading
from email import policy
from email.parser import BytesParser


def parse(path):
    with open(path, "rb") as handle:
        message = BytesParser(policy=policy.default).parse(handle)
    parts = {}
    for part in message.walk():
        if part.get_content_maintype() == "text":
            parts[part.get_content_type()] = part.get_content()
    return {
        "subject": str(message["subject"]),
        "from": str(message["from"]),
        "to": str(message["to"]),
        "message_id": str(message["message-id"]),
        "date": str(message["date"]),
        "content_type": message.get_content_type(),
        "parts": parts,
        "defects": [type(defect).__name__ for defect in message.defects],
    }


def serve(args):
    from aiosmtpd.controller import Controller
    from aiosmtpd.smtp import AuthResult, LoginPassword

    class Sink:
        count = 0

        async def handle_DATA(self, server, session, envelope):
            Sink.count += 1
            path = os.path.join(args.dir, f"{Sink.count:03d}.eml")
            with open(path + ".tmp", "wb") as handle:
                handle.write(envelope.original_content or envelope.content)
            os.rename(path + ".tmp", path)
            with open(os.path.join(args.dir, f"{Sink.count:03d}.envelope.json"), "w") as handle:
                json.dump({"mail_from": envelope.mail_from, "rcpt_tos": envelope.rcpt_tos, "tls": session.ssl is not None,
                           "authenticated": bool(session.authenticated),
                           "login": session.auth_data.decode() if isinstance(session.auth_data, bytes) else str(session.auth_data)}, handle)
            return "250 Message accepted for delivery"

    def authenticate(server, session, envelope, mechanism, auth_data):
        if isinstance(auth_data, LoginPassword) and auth_data.login.decode() == args.user and auth_data.password.decode() == args.password:
            return AuthResult(success=True, auth_data=auth_data.login)
        return AuthResult(success=False, handled=False)

    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(args.cert, args.key)
    controller = Controller(
        Sink(), hostname="127.0.0.1", port=args.port, tls_context=context, require_starttls=True,
        authenticator=authenticate, auth_required=True, auth_require_tls=True,
    )
    controller.start()
    print(json.dumps({"port": controller.port}), flush=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    stop.wait()
    controller.stop()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--parse")
    parser.add_argument("--dir")
    parser.add_argument("--cert")
    parser.add_argument("--key")
    parser.add_argument("--user", default="herald")
    parser.add_argument("--password", default="mail-password")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    if args.parse:
        print(json.dumps(parse(args.parse)))
        return 0
    if args.port == 0:
        import socket
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            args.port = probe.getsockname()[1]
    serve(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
