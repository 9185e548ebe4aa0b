"""Browser tests of the arbitro web app (`arbitro serve`), in headless Chromium at a
phone's 360x740 viewport: type a question and see the right first card, follow a
"vedi anche" link, resolve a situation that asks back and press an option button,
switch game (remembered), browse a table of contents, open a deep link, dark mode,
accessibility basics, and reload offline (service worker) to still see the last
answer. Each test saves a screenshot in the --shots folder (kept by ctest as an
artefact). Run by tests/web/run.sh; exit 0 when every test passes.
"""
import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback

from selenium import webdriver
from selenium.common.exceptions import (NoSuchElementException, StaleElementReferenceException,
                                        TimeoutException)
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

WIDTH, HEIGHT = 360, 740
CHROMIUM_FLAGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage", f"--window-size={WIDTH},{HEIGHT}",
]


class Server:
    """`arbitro --index DIR serve --listen 127.0.0.1:PORT` as a child process."""

    def __init__(self, binary, index_dir, port=0):
        self.proc = subprocess.Popen(
            [binary, "--index", index_dir, "serve", "--listen", f"127.0.0.1:{port}", "--quiet"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.url = self.proc.stdout.readline().strip()
        if not self.url.startswith("http://127.0.0.1:"):
            raise RuntimeError("arbitro serve did not start: " + self.proc.stderr.read())
        self.port = int(self.url.rsplit(":", 1)[1].strip("/"))

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            code = self.proc.wait(timeout=20)
            if code != 0:
                raise RuntimeError(f"arbitro serve exited with {code} on SIGTERM")


class WebTests:
    def __init__(self, args, workdir):
        self.args = args
        self.workdir = workdir
        index_dir = os.path.join(workdir, "index")
        subprocess.run([args.binary, "--index", index_dir, "index"], check=True,
                       stdout=subprocess.DEVNULL)
        self.index_dir = index_dir
        self.server = Server(args.binary, index_dir)
        options = webdriver.ChromeOptions()
        options.binary_location = args.chromium
        for flag in CHROMIUM_FLAGS:
            options.add_argument(flag)
        options.add_argument("--user-data-dir=" + os.path.join(workdir, "profile"))
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(service=Service(args.driver), options=options)
        # A phone: 360x740 CSS pixels at 2x, touch.
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 2, "mobile": True})
        self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True})
        # A page re-rendering under the test's eyes: look again rather than fail.
        self.wait = WebDriverWait(self.driver, 20, ignored_exceptions=[
            NoSuchElementException, StaleElementReferenceException])
        self.console_errors = []

    # ------------------------------------------------------------------ helpers
    def open(self, hash_part=""):
        # A full load every time: the same address with another hash would only route.
        self.driver.get("about:blank")
        self.driver.get(self.server.url + hash_part)
        self.wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#games .chip[data-game]"))

    def shot(self, name):
        os.makedirs(self.args.shots, exist_ok=True)
        self.driver.save_screenshot(os.path.join(self.args.shots, name + ".png"))

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def cards(self):
        return self.driver.find_elements(By.CSS_SELECTOR, "#ask-results > li.card")

    def wait_for(self, condition, message):
        try:
            return self.wait.until(condition)
        except TimeoutException:
            raise AssertionError("timed out: " + message)

    def collect_console(self):
        for entry in self.driver.get_log("browser"):
            if entry["level"] == "SEVERE":
                self.console_errors.append(entry["message"])

    def type_question(self, text):
        box = self.driver.find_element(By.ID, "q")
        box.clear()
        for ch in text:  # as a person types: the page answers while typing (debounced)
            box.send_keys(ch)
            time.sleep(0.02)

    def click(self, element):
        # Into the middle of the screen first: the bottom tab bar covers the lowest 64 px.
        self.js("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()

    def choose_game(self, game):
        self.click(self.driver.find_element(By.CSS_SELECTOR, f'#games .chip[data-game="{game}"]'))
        self.wait_for(lambda d: d.find_element(
            By.CSS_SELECTOR, f'#games .chip[data-game="{game}"]').get_attribute("aria-pressed") == "true",
            "chip pressed")

    # ------------------------------------------------------------------ tests
    def test_ask_shows_the_right_first_card(self):
        self.open()
        self.choose_game("")
        self.type_question("fuorigioco passivo")

        # Read inside the wait: a late answer to a shorter prefix of the typed question may
        # re-render the cards between two reads.
        def first_card(_):
            try:
                cards = self.cards()
                if not cards or cards[0].get_attribute("data-id") != "subbuteo-2.0#r12__passivo__p1":
                    return False
                first = cards[0]
                badges = first.find_elements(By.CSS_SELECTOR, ".badges .badge")
                return {"cite": first.find_element(By.CSS_SELECTOR, ".cite").text,
                        "marks": [m.text.lower() for m in first.find_elements(By.CSS_SELECTOR, ".text mark")],
                        "badge": badges[0].get_attribute("class") if badges else ""}
            except (NoSuchElementException, StaleElementReferenceException):
                return False
        card = self.wait_for(first_card, "first card subbuteo-2.0#r12__passivo__p1")
        assert "Regola 12 FUORIGIOCO" in card["cite"]
        marks = card["marks"]
        assert any(m.startswith("fuorigioco") for m in marks), marks
        assert any(m.startswith("passiv") for m in marks), marks
        assert "b-free" in card["badge"], "a coloured sanction badge"
        # The question is in the address: a reload or a shared link shows the same answer.
        assert "q=fuorigioco%20passivo" in self.driver.current_url, self.driver.current_url
        self.shot("ask")

    def test_see_also_link_opens_the_provision(self):
        self.open("#/?q=fuorigioco%20passivo")

        def see_also(_):
            try:
                cards = self.cards()
                return cards and cards[0].find_element(By.CSS_SELECTOR, ".see a")
            except (NoSuchElementException, StaleElementReferenceException):
                return False
        link = self.wait_for(see_also, "a 'vedi anche' link on the first card")
        target = link.get_attribute("href").split("#/show/", 1)[1]
        assert target == "subbuteo-2.0#r10__procedura__p2", target
        self.click(link)
        self.wait_for(lambda d: d.find_element(By.ID, "view-show").is_displayed()
                      and d.find_elements(By.CSS_SELECTOR, "#view-show .provision h2"), "provision page")
        page = self.driver.find_element(By.CSS_SELECTOR, "#view-show .provision")
        assert page.find_element(By.CSS_SELECTOR, ".id").text == target
        assert "Regola 10" in page.find_element(By.CSS_SELECTOR, "h2").text
        crumbs = [a.text for a in page.find_elements(By.CSS_SELECTOR, ".crumbs a")]
        assert crumbs[0] == "Subbuteo Rev. 2.0" and any("Regola 10" in c for c in crumbs), crumbs
        # Focus moved to the page's heading (keyboard and screen-reader users land on it).
        assert self.js("return document.activeElement.tagName") == "H2"
        self.shot("show")
        self.driver.back()
        self.wait_for(lambda d: d.find_element(By.ID, "view-ask").is_displayed() and self.cards(), "back to answers")

    def test_resolve_asks_back_and_an_option_decides(self):
        self.open("#/situazione")
        self.choose_game("")
        box = self.driver.find_element(By.ID, "s")
        # The author is stated: who hit the miniature decides the beneficiary, so a sentence
        # without it asks back about `autore` first; with it, the question left is `zona`.
        box.send_keys("la miniatura dell'attaccante colpisce l'avversario prima della palla")
        self.click(self.driver.find_element(By.CSS_SELECTOR, "#resolve-form button[type=submit]"))
        option = self.wait_for(lambda d: d.find_element(
            By.CSS_SELECTOR, '.ask-back .option[data-fact="zona"][data-value="area-di-rigore"]'),
            "the ask-back option zona=area-di-rigore")
        self.shot("resolve-ask-back")
        self.click(option)
        # Read inside waits: the page re-renders the ruling once the answer arrives, and an
        # element read from the render before it goes stale (retried, not failed).
        self.wait_for(lambda d: any("rigore" in e.text.lower()
                                    for e in d.find_elements(By.CSS_SELECTOR, ".ruling .decision")),
                      "a ruling that awards a penalty")
        self.wait_for(lambda d: d.find_elements(By.CSS_SELECTOR, ".ruling .badge.b-penalty"),
                      "a penalty badge")
        self.wait_for(lambda d: d.find_elements(By.CSS_SELECTOR, ".ruling .citations li a"),
                      "supporting citations")
        self.wait_for(lambda d: any(b.text.startswith("zona = area-di-rigore")
                                    for b in d.find_elements(By.CSS_SELECTOR, "#given-facts button")),
                      "the chosen fact among the given ones")
        assert "fact=zona%3Darea-di-rigore" in self.driver.current_url, self.driver.current_url
        why = self.driver.find_element(By.CSS_SELECTOR, "details.why summary")
        self.click(why)
        lines = self.driver.find_elements(By.CSS_SELECTOR, "details.why li")
        assert lines and lines[0].is_displayed(), "the explanation opens"
        self.shot("resolve-ruling")

    def test_switching_game_is_applied_and_remembered(self):
        self.open("#/?q=in%20avanti")
        self.choose_game("")
        self.wait_for(lambda d: self.cards(), "answers")
        assert "gioco dedotto: Subbuteo Rugby" in self.driver.find_element(By.ID, "ask-status").text
        self.choose_game("subbuteo")
        self.wait_for(lambda d: self.cards() and all(
            c.get_attribute("data-id").startswith("subbuteo-2.0#") for c in self.cards()),
            "only Subbuteo answers")
        self.driver.refresh()
        self.wait_for(lambda d: d.find_elements(By.CSS_SELECTOR, '#games .chip[data-game="subbuteo"][aria-pressed="true"]'),
                      "the game is remembered after a reload")
        self.wait_for(lambda d: self.cards() and all(
            c.get_attribute("data-id").startswith("subbuteo-2.0#") for c in self.cards()), "Subbuteo answers again")
        self.shot("game-subbuteo")
        self.choose_game("")

    def test_table_of_contents_and_deep_link(self):
        self.open("#/indice")
        self.wait_for(lambda d: d.find_elements(By.CSS_SELECTOR, "#view-toc .docs a"), "documents")
        self.click(self.driver.find_element(By.CSS_SELECTOR, '#view-toc a[href="#/indice/calciotto"]'))
        entry = self.wait_for(lambda d: d.find_elements(By.CSS_SELECTOR, "#view-toc .toc a"), "entries")[0]
        self.click(entry)
        self.wait_for(lambda d: d.find_elements(By.CSS_SELECTOR, "#view-show .provision h2"), "a rule's page")
        self.shot("toc-entry")
        # A link a referee shares, with the provision's own "#".
        self.open("#/show/subbuteo-2.0#r12__passivo__p1")
        heading = self.wait_for(lambda d: d.find_elements(By.CSS_SELECTOR, "#view-show .provision h2"), "deep link")[0]
        assert "FUORIGIOCO" in heading.text, heading.text
        assert self.driver.find_element(By.CSS_SELECTOR, "#view-show .id").text == "subbuteo-2.0#r12__passivo__p1"

    def test_dark_mode_voice_and_accessibility(self):
        self.open("#/?q=rigore")
        self.wait_for(lambda d: self.cards(), "answers")
        assert self.js("return document.documentElement.lang") == "it"
        # Every form field has a visible label; every button has a name.
        unlabelled = self.js("""return [...document.querySelectorAll('input, textarea')]
            .filter(e => !(e.labels && e.labels.length)).map(e => e.id)""")
        assert not unlabelled, unlabelled
        nameless = self.js("""return [...document.querySelectorAll('button')]
            .filter(b => !(b.textContent.trim() || b.getAttribute('aria-label'))).map(b => b.outerHTML)""")
        assert not nameless, nameless
        assert self.js("return !!document.querySelector('[role=search]')")
        assert self.js("return document.querySelector('.tabs a[aria-current=page]').dataset.view") == "ask"
        # Voice input where the browser has the Web Speech API, hidden where not.
        has_speech = self.js("return !!(window.SpeechRecognition || window.webkitSpeechRecognition)")
        assert self.driver.find_element(By.CSS_SELECTOR, ".mic[data-target=q]").is_displayed() == has_speech
        # Dark mode, remembered.
        before = self.js("return getComputedStyle(document.body).backgroundColor")
        self.driver.find_element(By.ID, "theme").click()
        assert self.js("return document.documentElement.dataset.theme") == "dark"
        after = self.js("return getComputedStyle(document.body).backgroundColor")
        assert before != after, (before, after)
        self.shot("dark")
        self.driver.refresh()
        self.wait_for(lambda d: self.js("return document.documentElement.dataset.theme") == "dark", "theme kept")
        self.driver.find_element(By.ID, "theme").click()
        assert self.js("return document.documentElement.dataset.theme") == "light"
        # Every touch target at least 40 CSS pixels high.
        small = self.js("""return [...document.querySelectorAll('button, .tabs a, .chip')]
            .filter(e => e.offsetParent && e.getBoundingClientRect().height < 40).map(e => e.outerHTML)""")
        assert not small, small

    def test_offline_reload_shows_the_last_answer(self):
        self.open()
        self.wait_for(lambda d: self.js("return !!(navigator.serviceWorker && navigator.serviceWorker.controller)"),
                      "the service worker controls the page")
        self.type_question("calcio d'angolo")
        self.wait_for(lambda d: self.cards(), "answers online")
        first = self.cards()[0].get_attribute("data-id")
        count = len(self.cards())
        self.server.stop()  # the server is gone: only the service worker is left
        self.driver.refresh()
        self.wait_for(lambda d: self.cards(), "answers offline")
        assert self.cards()[0].get_attribute("data-id") == first
        assert len(self.cards()) == count
        assert "offline" in self.driver.find_element(By.ID, "ask-status").text
        assert self.driver.find_element(By.ID, "offline").is_displayed()
        self.shot("offline")

    def run(self):
        tests = [name for name in dir(self) if name.startswith("test_")]
        # Offline stops the server: last.
        tests.sort(key=lambda n: (n == "test_offline_reload_shows_the_last_answer", n))
        failed = 0
        for name in tests:
            started = time.time()
            try:
                getattr(self, name)()
                print(f"ok   {name} ({time.time() - started:.1f} s)", flush=True)
            except Exception:  # noqa: BLE001 - report every failure, run every test
                failed += 1
                print(f"FAIL {name}\n{traceback.format_exc()}", flush=True)
                try:
                    self.shot("FAILED-" + name)
                except Exception:  # noqa: BLE001
                    pass
            self.collect_console()
        unexpected = [m for m in self.console_errors
                      if "Failed to load resource" not in m and "ERR_CONNECTION_REFUSED" not in m]
        if unexpected:
            failed += 1
            print("FAIL console errors:\n  " + "\n  ".join(unexpected))
        print(f"{len(tests) - min(failed, len(tests))}/{len(tests)} browser tests passed; "
              f"screenshots in {self.args.shots}")
        return failed

    def close(self):
        try:
            self.driver.quit()
        finally:
            self.server.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--shots", required=True)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--driver", default="/usr/bin/chromedriver")
    args = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="arbitro-web-")
    if os.path.isdir(args.shots):  # this run's screenshots only
        for name in os.listdir(args.shots):
            if name.endswith(".png"):
                os.remove(os.path.join(args.shots, name))
    tests = None
    try:
        tests = WebTests(args, workdir)
        failed = tests.run()
    finally:
        if tests:
            tests.close()
        shutil.rmtree(workdir, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
