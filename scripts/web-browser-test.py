#!/usr/bin/python3
"""End-to-end test of `susi serve`'s web page in a real browser (issue 39).

Drives Debian's headless Chromium through chromium-driver and python3-selenium
against a `susi serve` the caller started on 127.0.0.1 (Tests/SusiServerTests/
WebPageBrowserTests.swift starts it, imports the test skill and runs this).
Every wait is for an event (WebDriverWait on the page's state), never a fixed
sleep. Chromium is kept off the network: no proxy, no background networking,
no component updates, no sync, and a resolver that knows no host name.

    web-browser-test.py --port PORT [--haproxy PATH] [--screenshots DIR]

Exit status 0 when every check passed; 1 with the failed check on stderr;
77 when chromium, chromedriver or selenium is missing (a skip).
"""

import argparse
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

try:
    from selenium import webdriver
    from selenium.common.exceptions import StaleElementReferenceException, TimeoutException, WebDriverException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:
    print("skipped: python3-selenium is not installed (make deps installs it)", file=sys.stderr)
    sys.exit(77)

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
WAIT = 30
PASSWORD = "Browser!Test1"
EMAIL = "web-test@example.com"


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def start_browser(profile):
    os.makedirs(profile, exist_ok=True)
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in [
        "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        # No proxy, whatever the environment says, and no name resolves but loopback's.
        "--no-proxy-server", "--proxy-server=direct://", "--proxy-bypass-list=*",
        "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
        # Nothing of Chromium's own talks to the network.
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-default-apps", "--disable-extensions", "--disable-domain-reliability",
        "--disable-client-side-phishing-detection", "--disable-breakpad", "--no-first-run",
        "--no-default-browser-check", "--no-pings", "--disable-features=Translate,OptimizationHints,MediaRouter",
        "--metrics-recording-only", "--safebrowsing-disable-auto-update",
        # The timer's ring plays without a real click.
        "--autoplay-policy=no-user-gesture-required",
        "--window-size=1280,900", "--user-data-dir=" + profile,
    ]:
        options.add_argument(flag)
    environment = {key: value for key, value in os.environ.items() if "proxy" not in key.lower()}
    environment["HOME"] = profile
    service = Service(CHROMEDRIVER, env=environment, log_path=os.path.join(profile, "chromedriver.log"))
    return webdriver.Chrome(service=service, options=options)


class Page:
    def __init__(self, driver, base):
        self.driver = driver
        self.base = base
        # The page replaces what it re-renders: an element found a moment ago may be gone.
        self.wait = WebDriverWait(driver, WAIT, ignored_exceptions=(StaleElementReferenceException,))

    def until(self, what, condition):
        try:
            return self.wait.until(lambda _: condition())
        except TimeoutException:
            raise Failure("timed out after %d s waiting for: %s" % (WAIT, what))

    def js(self, script, *arguments):
        return self.driver.execute_script(script, *arguments)

    def open(self, url=None):
        self.driver.get(url or self.base)
        self.until("the page to start", lambda: self.js("return document.body && document.body.dataset.ready === 'true'"))

    def susi_messages(self):
        return self.driver.find_elements(By.CSS_SELECTOR, "#log .msg.susi")

    def ask(self, query):
        """Types the query, presses Enter, returns the answer's element once it is in."""
        before = len(self.susi_messages())
        box = self.driver.find_element(By.ID, "q")
        box.send_keys(query)
        box.send_keys(Keys.ENTER)
        self.until("an answer to %r" % query, lambda: len(self.susi_messages()) > before
                   and self.susi_messages()[before].get_attribute("aria-busy") is None)
        return self.susi_messages()[before]

    def tab(self, name):
        self.driver.find_element(By.ID, "tab-" + name).click()
        self.until("the %s section" % name, lambda: self.driver.find_element(By.ID, name).is_displayed())

    def status(self):
        return self.driver.find_element(By.ID, "status").text

    def other_origins(self):
        """Every resource and navigation the page made, not on its own origin."""
        return self.js("""
            const origin = window.location.origin;
            return performance.getEntries()
                .filter((entry) => entry.entryType === 'resource' || entry.entryType === 'navigation')
                .map((entry) => entry.name)
                .filter((name) => new URL(name).origin !== origin);
        """)

    def log_in(self, email, password, sign_up):
        self.tab("account")
        prefix = "signup" if sign_up else "login"
        box = self.driver.find_element(By.ID, prefix + "-email")
        box.clear()
        box.send_keys(email)
        field = self.driver.find_element(By.ID, prefix + "-password")
        field.clear()
        field.send_keys(password)
        field.send_keys(Keys.ENTER)
        self.until("the login (status: %r)" % self.status(), lambda: self.js("return document.body.dataset.user") == "in")

    def chart_count(self, stars):
        cell = self.js("return document.querySelector(\"#chart-rows tr[data-stars='%d'] .count\").textContent" % stars)
        return int(cell.split(" ")[0])

    def open_skill(self, search, name):
        self.tab("skills")
        box = self.driver.find_element(By.ID, "skill-q")
        box.clear()
        box.send_keys(search)
        box.send_keys(Keys.ENTER)
        self.until("the search's answer", lambda: ('match "%s"' % search) in self.driver.find_element(By.ID, "skill-count").text)
        self.until("the skill %s in the list" % name, lambda: self.driver.find_elements(
            By.CSS_SELECTOR, "#skill-list button[data-skill='%s']" % name))
        self.driver.find_element(By.CSS_SELECTOR, "#skill-list button[data-skill='%s']" % name).click()
        self.until("the skill's chart", lambda: len(self.driver.find_elements(By.CSS_SELECTOR, "#chart-rows tr")) == 5)

    def rate(self, stars):
        before = self.chart_count(stars)
        self.until("the rating form", lambda: self.driver.find_element(By.ID, "rate").is_displayed())
        self.driver.find_element(By.ID, "star-%d" % stars).click()
        self.driver.find_element(By.CSS_SELECTOR, "#rate button[type='submit']").click()
        self.until("the chart to count the rating", lambda: self.chart_count(stars) == before + 1)
        self.until("the user's own stars", lambda: self.driver.find_element(By.ID, "my-stars").text
                   == "Your stars: %d of 5" % stars)

    def screenshot(self, directory, width, name):
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": width, "height": 844 if width < 600 else 800,
                                     "deviceScaleFactor": 1, "mobile": width < 600})
        self.until("the layout at %d px" % width, lambda: self.js("return window.innerWidth") == width)
        self.js("window.scrollTo(0, document.documentElement.scrollHeight)")
        self.until("the end of the conversation in view", lambda: self.js(
            "return Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1"))
        self.driver.save_screenshot(os.path.join(directory, name))
        self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def direct_checks(page, screenshots):
    page.open()
    origin = page.js("return window.location.origin")

    # Chat: an answer, a table, a skill's hostile text, the timer.
    answer = page.ask("hello")
    check("Hello" in answer.text, "the answer to hello was %r" % answer.text)

    table = page.ask("list the planets")
    rows = table.find_elements(By.CSS_SELECTOR, "table tbody tr")
    check(len(rows) == 8, "the planets table has %d rows" % len(rows))
    headers = [cell.text for cell in table.find_elements(By.CSS_SELECTOR, "table thead th")]
    check(headers == ["#", "Planet", "Type", "Known moons"], "the table's columns are %r" % headers)
    check("Jupiter" in rows[4].text, "row 5 is %r" % rows[4].text)

    timer = page.ask("set a timer for 2 seconds")
    check("Timer for 2 seconds" in timer.text, "the timer's answer was %r" % timer.text)
    page.until("the timer's countdown", lambda: timer.find_elements(By.CSS_SELECTOR, ".countdown"))
    page.until("the timer to ring", lambda: page.js("return document.body.dataset.rings") == "1")
    due = page.driver.find_elements(By.CSS_SELECTOR, "#log .msg.susi .due")
    check(due and "Time is up" in due[-1].text, "the timer's planned answer was not given")

    if screenshots:
        page.screenshot(screenshots, 390, "web-chat-390.png")
        page.screenshot(screenshots, 1280, "web-chat-1280.png")

    # Every other action type, as the terminal renders it (links only for http(s), nothing loaded).
    actions = page.ask("show me every web action")
    for line in ["First news", "What happened first.", "Map: 48.8584, 2.2945", "Playing video: https://www.youtube.com/watch?v=abc123",
                 "Playing audio: https://radio.example/stream.mp3", "Image: https://images.example/cat.png",
                 "[timer set: 5 minutes]", "[volume: 40%]", "[pause]", "[emotion mood=happy]", "Every action."]:
        check(line in actions.text, "%r is not in the actions' answer: %r" % (line, actions.text))
    links = {a.get_attribute("href"): a.get_attribute("rel") for a in actions.find_elements(By.TAG_NAME, "a")}
    for url in ["https://news.example/1", "https://news.example/2", "https://www.youtube.com/watch?v=abc123",
                "https://radio.example/stream.mp3", "https://images.example/cat.png",
                "https://www.openstreetmap.org/?mlat=48.8584&mlon=2.2945#map=15/48.8584/2.2945"]:
        check(links.get(url) == "noopener noreferrer nofollow", "no safe link to %s: %r" % (url, links))
    check(actions.find_elements(By.CSS_SELECTOR, "img, audio, video, iframe") == [], "an action loaded media")
    check(len(actions.find_elements(By.CSS_SELECTOR, "ol li")) == 4, "the rss and websearch lists do not have two items each")
    stop = page.ask("stop")
    check("[stop]" in stop.text, "the stop action shows as %r" % stop.text)

    hostile = page.ask("show me the web test markup")
    check("<script> window.__pwned = 1 </script>" in hostile.text, "the skill's markup is not shown as text: %r" % hostile.text)
    check("<img src=x onerror=" in hostile.text, "the img markup is not shown as text: %r" % hostile.text)
    check(page.js("return typeof window.__pwned") == "undefined", "the skill's script ran")
    check(page.js("return document.querySelectorAll('#log script, #log img, #log [onerror]').length") == 0,
          "the skill's markup became elements")
    anchor = page.ask("give me the web test link")
    check(anchor.find_elements(By.TAG_NAME, "a") == [], "a javascript: link became a link")
    check("javascript:" in anchor.text, "the javascript: link is not shown as text: %r" % anchor.text)

    # A reload continues the conversation (the anonymous cookie).
    page.open()
    page.until("the earlier conversation", lambda: "set a timer for 2 seconds" in page.driver.find_element(By.ID, "log").text)

    # Sign up (which logs in), then rate a skill and see the chart change.
    page.log_in(EMAIL, PASSWORD, sign_up=True)
    check("susi_token" not in page.js("return document.cookie"), "the login cookie is readable by scripts")
    check(page.js("return localStorage.length + sessionStorage.length") == 0, "the page stored something in web storage")
    cookie = [c for c in page.driver.get_cookies() if c["name"] == "susi_token"]
    check(cookie and cookie[0]["httpOnly"] and cookie[0].get("sameSite") == "Strict",
          "the login cookie is not HttpOnly and SameSite=Strict: %r" % cookie)
    page.open_skill("planets", "planets")
    check(page.chart_count(4) == 0, "the planets skill starts with a 4-star rating")
    check(page.driver.find_element(By.ID, "chart-summary").text == "Not rated yet", "the chart's summary before rating")
    page.rate(4)
    check(page.driver.find_element(By.ID, "chart-summary").text == "4.0 from 1 rating", "the chart's summary after rating")
    page.driver.find_element(By.ID, "feedback-text").send_keys("Clear and short.")
    page.driver.find_element(By.CSS_SELECTOR, "#feedback-form button").click()
    page.until("the feedback in the list", lambda: "Clear and short." in page.driver.find_element(By.ID, "feedback-list").text)

    # Logged in across a reload, and the login survives in the cookie only.
    page.open()
    page.until("the login after a reload", lambda: page.js("return document.body.dataset.user") == "in")

    others = page.other_origins()
    check(others == [], "the page made requests to other origins: %r" % others)
    check(page.driver.current_url.startswith(origin), "the page navigated away")
    print("direct: hello, table, every action, hostile text, link, timer, reload, sign-up, rating, feedback, origins: ok")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_haproxy(haproxy, folder, susi_port):
    """HAProxy on loopback serving susi under /home-susi/; returns (process, port)."""
    port = free_port()
    config = os.path.join(folder, "haproxy.cfg")
    with open(config, "w") as out:
        out.write("""global
    maxconn 256
defaults
    mode http
    timeout connect 5s
    timeout client 60s
    timeout server 60s
frontend web
    bind 127.0.0.1:%d
    # Another site on the same host (SameSite counts it as the same site), without a policy.
    http-request return status 200 content-type text/html string "<!doctype html><title>another site</title>" if { path /other-site }
    http-request redirect location /home-susi/ code 301 if { path /home-susi }
    use_backend susi if { path_beg /home-susi/ }
    http-request deny deny_status 404 unless { path_beg /home-susi/ } || { path /other-site }
backend susi
    http-request replace-path /home-susi(/.*) \\1
    server susi 127.0.0.1:%d
""" % (port, susi_port))
    process = subprocess.Popen([haproxy, "-db", "-f", config], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise Failure("haproxy exited: " + process.stderr.read().decode(errors="replace"))
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return process, port
        except OSError:
            # HAProxy is still starting: the connection is refused until it listens.
            time.sleep(0.05)
    process.kill()
    raise Failure("haproxy did not listen on port %d" % port)


FORGE = """
const [target, done] = [arguments[0], arguments[arguments.length - 1]];
const body = 'group=Knowledge&skill=planets&stars=1';
const results = [];
for (const headers of [{'Content-Type': 'application/x-www-form-urlencoded'},
                       {'Content-Type': 'application/x-www-form-urlencoded', 'X-Susi-Web': '1'}]) {
  try {
    await fetch(target + 'cms/fiveStarRateSkill.json', {method: 'POST', mode: headers['X-Susi-Web'] ? 'cors' : 'no-cors',
                                                       credentials: 'include', headers, body});
    results.push('sent');
  } catch (error) { results.push('blocked'); }
}
done(results);
"""


def forged_requests(page, proxy_port, susi_base):
    """Another site on the same host uses the login cookie: a plain POST
    carries it but not the page's header, and one with the header is
    stopped by the CORS preflight. Neither changes the user's rating."""
    page.driver.get("http://127.0.0.1:%d/other-site" % proxy_port)
    page.until("the other site", lambda: page.driver.title == "another site")
    results = page.driver.execute_async_script(FORGE, susi_base)
    check(results == ["sent", "blocked"], "the forged requests went %r, not ['sent', 'blocked']" % results)
    page.open(susi_base)
    page.open_skill("planets", "planets")
    page.until("the user's own stars", lambda: page.driver.find_element(By.ID, "my-stars").text != "")
    check(page.driver.find_element(By.ID, "my-stars").text == "Your stars: 4 of 5",
          "another site changed the rating: %r" % page.driver.find_element(By.ID, "my-stars").text)
    check(page.chart_count(1) == 0, "another site's rating was counted")


def prefix_checks(page, proxy_port):
    base = "http://127.0.0.1:%d/home-susi/" % proxy_port
    forged_requests(page, proxy_port, page.base)
    page.driver.delete_all_cookies()
    page.open(base)
    answer = page.ask("hello")
    check("Hello" in answer.text, "behind haproxy, the answer to hello was %r" % answer.text)
    rows = page.ask("list the planets").find_elements(By.CSS_SELECTOR, "table tbody tr")
    check(len(rows) == 8, "behind haproxy, the planets table has %d rows" % len(rows))
    page.log_in(EMAIL, PASSWORD, sign_up=False)
    cookie = [c for c in page.driver.get_cookies() if c["name"] == "susi_token"]
    check(cookie and cookie[0]["path"] == "/home-susi/", "the login cookie's path is not the prefix: %r" % cookie)
    page.open_skill("planets", "planets")
    page.rate(5)
    others = page.other_origins()
    check(others == [], "behind haproxy, the page made requests to other origins: %r" % others)
    check(all(url.startswith(base) for url in page.js(
        "return performance.getEntriesByType('resource').map((entry) => entry.name)")),
        "behind haproxy, a request left the prefix")
    # A login that ended elsewhere: the next chat is answered anonymously and the cookie is gone.
    token = [c["value"] for c in page.driver.get_cookies() if c["name"] == "susi_token"][0]
    revoke = urllib.request.Request(page.base + "aaa/login.json", method="POST",
                                    data=urllib.parse.urlencode({"logout": "true", "access_token": token}).encode())
    with urllib.request.build_opener(urllib.request.ProxyHandler({})).open(revoke, timeout=WAIT) as answer:
        check(answer.status == 200, "the token could not be revoked")
    page.tab("chat")
    answer = page.ask("hello")
    check("Hello" in answer.text, "after the login ended, the answer to hello was %r" % answer.text)
    page.until("the page to notice the ended login", lambda: page.js("return document.body.dataset.user") == "out")
    check(not [c for c in page.driver.get_cookies() if c["name"] == "susi_token"], "the ended login's cookie stayed")

    page.log_in(EMAIL, PASSWORD, sign_up=False)
    page.tab("account")
    page.driver.find_element(By.ID, "logout").click()
    page.until("the logout", lambda: page.js("return document.body.dataset.user") == "out")
    check(not [c for c in page.driver.get_cookies() if c["name"] == "susi_token"], "the logout left the cookie")
    print("haproxy on /home-susi/: forged requests refused, hello, table, login, rating, origins, ended login, logout: ok")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True, help="the port susi serve listens on (127.0.0.1)")
    parser.add_argument("--haproxy", help="also check the page behind this haproxy binary on a path prefix")
    parser.add_argument("--screenshots", help="save the chat at 390 and 1280 px here")
    arguments = parser.parse_args()
    for tool in (CHROMIUM, CHROMEDRIVER):
        if not os.access(tool, os.X_OK):
            print("skipped: %s is not installed (make deps installs chromium and chromium-driver)" % tool, file=sys.stderr)
            return 77
    folder = tempfile.mkdtemp(prefix="susi-web-test-")
    driver = None
    proxy = None
    try:
        driver = start_browser(os.path.join(folder, "profile"))
        page = Page(driver, "http://127.0.0.1:%d/" % arguments.port)
        direct_checks(page, arguments.screenshots)
        if arguments.haproxy:
            proxy, proxy_port = start_haproxy(arguments.haproxy, folder, arguments.port)
            prefix_checks(page, proxy_port)
        return 0
    except (Failure, WebDriverException) as failure:
        print("FAILED: %s" % failure, file=sys.stderr)
        if driver is not None:
            try:
                driver.save_screenshot(os.path.join(folder, "failure.png"))
                print("screenshot of the failure: %s" % os.path.join(folder, "failure.png"), file=sys.stderr)
                print("page status: %r" % driver.find_element(By.ID, "status").text, file=sys.stderr)
            except Exception:
                pass
            folder = None
        return 1
    finally:
        if driver is not None:
            driver.quit()
        if proxy is not None:
            proxy.terminate()
            try:
                proxy.wait(timeout=WAIT)
            except subprocess.TimeoutExpired:
                proxy.kill()
                proxy.wait()
        if folder:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
