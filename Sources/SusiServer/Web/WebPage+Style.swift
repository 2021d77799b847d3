extension WebPage {
    /// Light and dark follow the system (prefers-color-scheme); one column at phone width.
    static let style = #"""
:root {
  --bg: #ffffff; --fg: #1b1b1f; --muted: #5b5d66; --line: #d7d9e0;
  --user: #e3ecfd; --susi: #f3f4f7; --accent: #1a5fd0; --accent-fg: #ffffff; --error: #b3261e;
  color-scheme: light dark;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #121317; --fg: #e6e6ea; --muted: #a2a5b0; --line: #363944;
    --user: #1f3356; --susi: #1d1f26; --accent: #8ab4f8; --accent-fg: #0b1a33; --error: #f2b8b5;
  }
}
* { box-sizing: border-box; }
html, body { margin: 0; background: var(--bg); color: var(--fg); }
body { font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; min-height: 100vh; display: flex; flex-direction: column; }
a { color: var(--accent); overflow-wrap: anywhere; }
button, input, textarea { font: inherit; color: inherit; }
input, textarea { background: var(--bg); border: 1px solid var(--line); border-radius: 8px; padding: .55rem .7rem; width: 100%; }
button { background: var(--accent); color: var(--accent-fg); border: 0; border-radius: 8px; padding: .55rem 1rem; cursor: pointer; }
button:focus-visible, input:focus-visible, textarea:focus-visible, a:focus-visible, summary:focus-visible {
  outline: 3px solid var(--accent); outline-offset: 2px;
}
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.skip { position: absolute; left: -100vw; }
.skip:focus { left: .5rem; top: .5rem; background: var(--bg); padding: .3rem .6rem; z-index: 2; }
.top { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1rem; padding: .5rem 1rem; border-bottom: 1px solid var(--line); }
.top h1 { font-size: 1.25rem; margin: 0; display: flex; align-items: center; gap: .4rem; }
.top nav { display: flex; gap: .25rem; margin-left: auto; }
.tab { background: transparent; color: var(--fg); border: 1px solid transparent; }
.tab[aria-current="page"] { border-color: var(--line); background: var(--susi); font-weight: 600; }
main { flex: 1; width: 100%; max-width: 52rem; margin: 0 auto; padding: 0 1rem; display: flex; flex-direction: column; }
.section { flex: 1; display: flex; flex-direction: column; }
.section[hidden] { display: none; }
.log { flex: 1; display: flex; flex-direction: column; gap: .6rem; padding: 1rem 0; }
.msg { max-width: 85%; padding: .5rem .8rem; border-radius: 14px; overflow-wrap: anywhere; }
.msg.user { align-self: flex-end; background: var(--user); border-bottom-right-radius: 4px; }
.msg.susi { align-self: flex-start; background: var(--susi); border-bottom-left-radius: 4px; }
.msg.error { color: var(--error); }
.msg p { margin: .2rem 0; white-space: pre-wrap; }
.msg ol, .msg ul { margin: .2rem 0; padding-left: 1.4rem; }
.msg .note, .muted { color: var(--muted); }
.msg table { border-collapse: collapse; margin: .3rem 0; display: block; overflow-x: auto; }
.msg th, .msg td { border: 1px solid var(--line); padding: .2rem .5rem; text-align: left; vertical-align: top; overflow-wrap: normal; }
.countdown { font-variant-numeric: tabular-nums; font-weight: 600; }
.ask { position: sticky; bottom: 0; display: flex; gap: .5rem; padding: .75rem 0; background: var(--bg); }
.row { display: flex; gap: .5rem; }
.stack { display: flex; flex-direction: column; gap: .35rem; max-width: 24rem; margin-bottom: 1.5rem; }
.stack button { align-self: flex-start; margin-top: .4rem; }
.skill-list { list-style: none; padding: 0; margin: 0; display: grid; gap: .5rem; }
.skill-list button { width: 100%; text-align: left; background: var(--susi); color: var(--fg); border: 1px solid var(--line); }
.skill-list .name { font-weight: 600; display: block; }
.skill-list .about { color: var(--muted); font-size: .9rem; display: block; }
.skill-list[hidden], .skill[hidden] { display: none; }
.link-button { background: transparent; color: var(--accent); padding: .3rem 0; text-decoration: underline; }
.examples { padding-left: 0; list-style: none; display: flex; flex-wrap: wrap; gap: .4rem; }
.examples button { background: var(--susi); color: var(--fg); border: 1px solid var(--line); font-size: .9rem; }
.chart { border-collapse: collapse; width: 100%; max-width: 28rem; }
.chart th, .chart td { padding: .15rem .4rem; text-align: left; font-variant-numeric: tabular-nums; }
.chart meter { width: 100%; min-width: 6rem; }
fieldset { border: 1px solid var(--line); border-radius: 8px; }
.stars { display: flex; flex-wrap: wrap; gap: .75rem; }
.stars label { display: flex; gap: .25rem; align-items: center; }
.stars input { width: auto; }
#rate, #feedback-form { margin: .75rem 0; display: flex; flex-direction: column; gap: .4rem; max-width: 28rem; }
#rate[hidden], #feedback-form[hidden] { display: none; }
#rate button, #feedback-form button { align-self: flex-start; }
.feedback { padding-left: 1.2rem; }
.status { margin: 0; padding: .25rem 1rem; min-height: 1.5rem; color: var(--muted); text-align: center; }
@media (max-width: 30rem) {
  .top { padding: .5rem; }
  .top nav { margin-left: 0; width: 100%; }
  .tab { flex: 1; padding: .45rem .3rem; }
  main { padding: 0 .6rem; }
  .msg { max-width: 95%; }
}

"""#
}
