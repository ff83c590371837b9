/**
 * The inspector page's style sheet: plain, readable, light and dark.
 * @internal
 * @module
 */
export const INSPECTOR_STYLE = `:root { color-scheme: light dark; --muted: #666; --line: #ccc; --accent: #2b5fd9; --bad: #b00020; --good: #1b7f3b; }
@media (prefers-color-scheme: dark) { :root { --muted: #aaa; --line: #444; --accent: #8ab4ff; --bad: #ff6b81; --good: #5fd38a; } }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, sans-serif; margin: 0; }
header { position: sticky; top: 0; background: Canvas; border-bottom: 1px solid var(--line); padding: .5rem 1rem; z-index: 1; }
h1 { font-size: 1.3rem; margin: 0 0 .25rem; }
h2 { font-size: 1.1rem; margin: 1.25rem 0 .5rem; }
h3 { font-size: 1rem; margin: .75rem 0 .25rem; }
header p { margin: 0 0 .4rem; }
form { display: flex; flex-wrap: wrap; gap: .4rem .75rem; align-items: center; }
select { font: inherit; padding: .15rem .3rem; max-width: 22rem; }
main { padding: 0 1rem 2rem; display: grid; grid-template-columns: repeat(auto-fit, minmax(32rem, 1fr)); gap: 0 2rem; }
section { min-width: 0; }
#timeline-section { grid-column: 1 / -1; }
table { border-collapse: collapse; width: 100%; margin-bottom: .5rem; }
th, td { text-align: left; padding: .2rem .5rem .2rem 0; border-bottom: 1px solid var(--line); vertical-align: top; overflow-wrap: break-word; }
th { font-weight: 600; white-space: nowrap; }
caption { text-align: left; color: var(--muted); padding-bottom: .2rem; }
article { border: 1px solid var(--line); border-radius: 6px; padding: .25rem .75rem .5rem; margin-bottom: .75rem; }
ol.messages { margin: .25rem 0; padding-left: 1.25rem; }
ol.messages li { margin: .1rem 0; }
#timeline { list-style: none; padding: 0; margin: 0; max-height: 40rem; overflow: auto; border: 1px solid var(--line); border-radius: 6px; }
#timeline li { padding: .2rem .5rem; border-bottom: 1px solid var(--line); }
.muted, .hint { color: var(--muted); }
.id { font-family: ui-monospace, monospace; font-size: .9em; }
.kind { display: inline-block; min-width: 7.5rem; color: var(--accent); }
.live { color: var(--good); font-weight: 600; }
.error { color: var(--bad); font-weight: 600; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0 .75rem; margin: .25rem 0; }
dt { color: var(--muted); }
dd { margin: 0; overflow-wrap: anywhere; }
`;
