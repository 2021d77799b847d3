#!/usr/bin/env python3
"""Hostile clients for bench/soak.sh, loopback only and bounded in count and time.

Usage: python3 bench/soak_client.py PORT SECONDS

For SECONDS it keeps TRICKLERS sockets (from 127.0.0.2 and up) sending one
byte of a request head every TRICKLE_SECONDS (reopened when the server closes
them), sends one hostile request every HOSTILE_INTERVAL seconds (huge
headers, a huge URI, bad percent encodings and UTF-8, control bytes, numeric
extremes for every numeric parameter, bad versions, garbage), and once a
second asks a normal question from 127.0.0.1, timing the answer. Every fourth
round it also sends one message-framing attack (Content-Length with
Transfer-Encoding, repeated lengths, unknown codings, a request hidden
behind the body) and counts a second answer or a connection left open.
Prints one JSON object with the counts at the end.
"""
import json
import socket
import sys
import time

HOST = "127.0.0.1"
TRICKLERS = 200
TRICKLER_ADDRESSES = 10
TRICKLE_SECONDS = 2.0
HOSTILE_INTERVAL = 0.05
PROBE_INTERVAL = 1.0
PROBE_TIMEOUT = 2.0

NUMBERS = {
    "/susi/chat.json": (["timezoneOffset", "latitude", "longitude"], "q=hello"),
    "/cms/getSkillList.json": (["count", "page", "offset"], "applyFilter=true"),
    "/aaa/login.json": (["valid_seconds"], "login=a@example.com&password=Secret-pass1&type=access-token"),
    "/cms/fiveStarRateSkill.json": (["stars"], "group=Knowledge&skill=time"),
    "/aaa/addNewDevice.json": (["latitude", "longitude"], "macid=aa:bb:cc:dd:ee:ff&name=a&room=b"),
}
EXTREMES = ["-9223372036854775808", "9223372036854775807", "-1", "0", "1e308", "NaN", "9" * 400]


def hostile_requests():
    """Every hostile request, as raw bytes, in a fixed rotation."""
    def get(target, extra=b""):
        return b"GET " + target + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n" + extra + b"\r\n"

    def form(path, body):
        return (b"POST " + path + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\n" % len(body)) + body
    requests = [
        get(b"/susi/chat.json?q=hi", b"X-Padding: " + b"p" * 65536 + b"\r\n"),
        get(b"/" + b"u" * 20000),
        get(b"/susi/chat.json?q=%zz%c3%28%ff%fe%"),
        get(b"/susi/chat.json?q=\xff\xfe\xc3\x28"),
        get(b"/a%0a127.0.0.1%20GET%20/forged%20200%0d%1b[31mred%1b]0;t%07%00"),
        get(b"/susi/chat.json?q=%00%1b%9b"),
        b"GET /future HTTP/3.0\r\nHost: x\r\n\r\n",
        b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03garbage\r\n\r\n",
        get(b"/susi/chat.json", b"no colon in this header\r\n"),
        b"POST /susi/chat.json HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\nq=hi",
        b"POST /susi/chat.json HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data\r\nContent-Length: 3\r\n\r\nq=a",
    ]
    # Lossy decoding (issue 32): invalid UTF-8 and NUL in every kind of parameter.
    requests += [
        get(b"/susi/chat.json?q=a%00b"),
        get(b"/susi/chat.json?q=a%FFb&p%FE=1"),
        get(b"/susi/chat.json?q=%C0%AF%ED%A0%80"),
        get(b"/susi/chat.json%00.html?q=hi"),
        get(b"/susi/chat.json?q=a\x00b"),
        get(b"/susi/chat.json?q=hi", b"User-Agent: a\xc3\x28\r\n"),
        form(b"/aaa/login.json", b"login=a@example.com&password=Dave!Pass11%00a&type=access-token"),
        form(b"/aaa/signup.json", b"signup=a@example.com&password=Dave!Pass11%FF"),
        get(b"http://127.0.0.1/susi/chat.json?q=absolute"),
    ]
    # Header and parameter counts (issue 32): just under and over the limits.
    requests += [
        get(b"/susi/chat.json?q=hi", b"".join(b"X-H%d: v\r\n" % i for i in range(97))),
        get(b"/susi/chat.json?q=hi", b"".join(b"X-H%d: v\r\n" % i for i in range(101))),
        get(b"/susi/chat.json?q=hi", b"".join(b"X-H%d: v\r\n" % i for i in range(3000))),
        get(b"/susi/chat.json?q=hi&" + b"&".join(b"p%d=v" % i for i in range(500))),
        get(b"/susi/chat.json?q=hi&" + b"&".join(b"p%d=v" % i for i in range(1200))),
    ]
    for path, (names, base) in NUMBERS.items():
        for name in names:
            for value in EXTREMES:
                requests.append(get(f"{path}?{name}={value}&{base}".encode()))
    return requests


SMUGGLED = b"GET /susi/chat.json?q=smuggled HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


def framing_requests():
    """Message-framing attacks (issue 32): each must get one answer, then the
    connection closed; the request hidden behind it must never be answered."""
    def post(headers, body=b"", version=b"HTTP/1.1"):
        return (b"POST /susi/chat.json " + version + b"\r\nHost: 127.0.0.1\r\n"
                b"Content-Type: application/x-www-form-urlencoded\r\n" + headers + b"\r\n" + body + SMUGGLED)
    return [
        post(b"Content-Length: 5\r\nTransfer-Encoding: chunked\r\n", b"0\r\n\r\n"),
        post(b"Transfer-Encoding: chunked\r\nContent-Length: 60\r\n", b"0\r\n\r\n"),
        post(b"Content-Length: 0\r\nContent-Length: 52\r\n"),
        post(b"Content-Length: 7\r\nContent-Length: 7\r\n", b"q=hey&x"),
        post(b"Content-Length: 7, 7\r\n", b"q=hey&x"),
        post(b"Content-Length : 7\r\n", b"q=hey&x"),
        post(b"Transfer-Encoding: xchunked\r\n", b"0\r\n\r\n"),
        post(b"Transfer-Encoding: chunked, identity\r\n", b"0\r\n\r\n"),
        post(b"Transfer-Encoding : chunked\r\n", b"0\r\n\r\n"),
        post(b"Transfer-Encoding: chunked\r\n", b"0\r\n\r\n", b"HTTP/1.0"),
        post(b"Transfer-Encoding: chunked\r\n", b"5;" + b"e" * 40000 + b"\r\nq=hey\r\n0\r\n\r\n"),
    ]


def exchange(data, timeout=3.0):
    """(statuses of every answer, closed by the server) for one connection."""
    try:
        with socket.create_connection((HOST, PORT), timeout=timeout) as s:
            s.sendall(data)
            answer = b""
            closed = False
            try:
                while True:
                    chunk = s.recv(65536)
                    if not chunk:
                        closed = True
                        break
                    answer += chunk
            except ConnectionResetError:
                closed = True
            except socket.timeout:
                pass
    except (ConnectionError, OSError):
        return [], True
    statuses = []
    while answer.startswith(b"HTTP/1."):
        head, _, rest = answer.partition(b"\r\n\r\n")
        statuses.append(int(head.split(b" ", 2)[1]))
        length = 0
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value.strip() or 0)
        answer = rest[length:]
    return statuses, closed


def send_raw(data, timeout=3.0):
    """Status code of the answer, 0 when closed without one, -1 on a socket error."""
    try:
        with socket.create_connection((HOST, PORT), timeout=timeout) as s:
            s.sendall(data)
            answer = b""
            while b"\r\n" not in answer:
                chunk = s.recv(4096)
                if not chunk:
                    break
                answer += chunk
            parts = answer.split(b" ", 2)
            return int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0
    except (ConnectionError, socket.timeout, OSError):
        return -1


class Trickler:
    HEAD = b"GET /susi/chat.json?q=hello HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "

    def __init__(self, source):
        self.source = source
        self.sock = None
        self.sent = 0

    def open(self):
        self.sent = 0
        try:
            self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            self.sock.bind((self.source, 0))
            self.sock.setblocking(False)
            self.sock.connect_ex((HOST, PORT))
        except OSError:
            self.sock = None

    def trickle(self, stats):
        if self.sock is not None:
            try:
                if self.sock.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) is not None:
                    stats["trickle_closed_by_server"] += 1
                    self.sock.close()
                    self.sock = None
            except BlockingIOError:
                pass
            except OSError:
                stats["trickle_closed_by_server"] += 1
                self.sock.close()
                self.sock = None
        if self.sock is None:
            self.open()
            stats["trickle_opened"] += 1
        if self.sock is not None:
            byte = self.HEAD[self.sent:self.sent + 1] or b"x"
            try:
                self.sock.send(byte)
                self.sent += 1
            except OSError:
                pass

    def close(self):
        if self.sock is not None:
            self.sock.close()


def main():
    end = time.monotonic() + SECONDS
    stats = {"trickle_opened": 0, "trickle_closed_by_server": 0, "hostile_sent": 0, "hostile_statuses": {},
             "probes": 0, "probe_failures": 0, "probe_slowest_ms": 0.0, "probe_over_1s": 0,
             "framing_sent": 0, "framing_statuses": {}, "framing_smuggled": 0, "framing_left_open": 0}
    framing = framing_requests()
    tricklers = [Trickler(f"127.0.0.{2 + i % TRICKLER_ADDRESSES}") for i in range(TRICKLERS)]
    hostile = hostile_requests()
    next_trickle = next_probe = time.monotonic()
    index = 0
    while time.monotonic() < end:
        now = time.monotonic()
        if now >= next_trickle:
            for trickler in tricklers:
                trickler.trickle(stats)
            next_trickle = now + TRICKLE_SECONDS
        if now >= next_probe:
            started = time.monotonic()
            status = send_raw(b"GET /susi/chat.json?q=hello HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                              timeout=PROBE_TIMEOUT)
            took = (time.monotonic() - started) * 1000
            stats["probes"] += 1
            stats["probe_slowest_ms"] = round(max(stats["probe_slowest_ms"], took), 1)
            if status != 200:
                stats["probe_failures"] += 1
            if took > 1000:
                stats["probe_over_1s"] += 1
            next_probe = started + PROBE_INTERVAL
        if index % 4 == 0:
            statuses, closed = exchange(framing[(index // 4) % len(framing)])
            stats["framing_sent"] += 1
            key = ",".join(str(code) for code in statuses) or "none"
            stats["framing_statuses"][key] = stats["framing_statuses"].get(key, 0) + 1
            if len(statuses) > 1:
                stats["framing_smuggled"] += 1
            if not closed:
                stats["framing_left_open"] += 1
        status = send_raw(hostile[index % len(hostile)])
        index += 1
        stats["hostile_sent"] += 1
        key = str(status if status > 0 else ("closed" if status == 0 else "reset"))
        stats["hostile_statuses"][key] = stats["hostile_statuses"].get(key, 0) + 1
        time.sleep(HOSTILE_INTERVAL)
    for trickler in tricklers:
        trickler.close()
    print(json.dumps(stats, sort_keys=True))


if __name__ == "__main__":
    PORT = int(sys.argv[1])
    SECONDS = float(sys.argv[2])
    main()
