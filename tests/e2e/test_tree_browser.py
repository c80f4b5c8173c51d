"""The variation tree in Chromium: a fork is a link beside the timeline,
and following it lands on the same step of the fork, also after htmx has
moved the stage to another step."""

from __future__ import annotations

from playwright.sync_api import expect

WAIT = 10_000  # ms


def family(site):
    store = site.store
    root = store.create("forbidden_alchemy", seed=21)
    store.issue(root, "investigator", "swap 1 2")
    branch = store.head_version(root)  # the end of the first command
    store.issue(root, "investigator", "swap 2 3")
    fork, at = store.catalogue.fork(root, branch, name="the other idea")
    store.issue(fork, "investigator", "swap 4 5")
    return root, fork, at


def fork_link(page, fork):
    return page.locator(f'#tree li[data-line="{fork}"] > a.line-link')


def test_clicking_a_fork_in_the_tree_lands_on_the_same_step(page, site):
    root, fork, at = family(site)
    step = at + 1  # past the branch point: each line's own move
    page.goto(site.replay(root, step))
    expect(page.locator("#tree .line.current")).to_contain_text("main line")
    link = fork_link(page, fork)
    expect(link).to_contain_text("the other idea")
    expect(link).to_contain_text("investigator: swap 4 5")
    link.click()
    page.wait_for_url(f"**/games/{fork}?step={step}*", timeout=WAIT)
    expect(page.locator("#step-number")).to_have_text(str(step))
    expect(page.locator("#tree .line.current")).to_contain_text("the other idea")
    # And back to the main line, at the same step again.
    page.locator(f'#tree li[data-line="{root}"] > a.line-link').click()
    page.wait_for_url(f"**/games/{root}?step={step}*", timeout=WAIT)
    expect(page.locator("#step-number")).to_have_text(str(step))


def test_the_tree_follows_the_stage_when_htmx_steps(page, site):
    root, fork, at = family(site)
    last = site.store.head_version(root)
    fork_last = site.store.head_version(fork)
    page.goto(site.replay(root, at))
    page.locator("#forward").click()  # htmx swaps only the stage...
    expect(page.locator("#step-number")).to_have_text(str(at + 1))
    # ...and the tree asks for its links again, now for the new step.
    expect(fork_link(page, fork)).to_have_attribute("href", f"/games/{fork}?step={at + 1}&by=event")
    page.locator("#last").click()
    expect(page.locator("#step-number")).to_have_text(str(last))
    clamped = min(last, fork_last)
    expect(fork_link(page, fork)).to_have_attribute("href", f"/games/{fork}?step={clamped}&by=event")
    fork_link(page, fork).click()
    page.wait_for_url(f"**/games/{fork}?step={clamped}*", timeout=WAIT)
    expect(page.locator("#step-number")).to_have_text(str(clamped))
