/**
 * The inspector's page (`<url>/inspector/`): semantic sections, tables and lists that
 * inspector.js fills from the state stream. It holds no data and no secret (the secret stays in
 * the URL's fragment, which the script reads), so it is served without one.
 * @internal
 * @module
 */
export const INSPECTOR_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>Simulator inspector</title>
<link rel="stylesheet" href="inspector.css">
<script src="inspector.js" defer></script>
</head>
<body>
<header>
  <h1>Simulator inspector</h1>
  <p><span id="connection" role="status">Connecting…</span> · Clock: <time id="clock">–</time> (<span id="clock-mode">–</span>)</p>
  <form id="filters" aria-label="Filters">
    <label for="filter-user">User</label>
    <select id="filter-user"><option value="">All users</option></select>
    <label for="filter-application">Application</label>
    <select id="filter-application"><option value="">All applications</option></select>
    <label for="filter-lobby">Lobby</label>
    <select id="filter-lobby"><option value="">All lobbies</option></select>
  </form>
</header>
<main>
  <section aria-labelledby="h-applications"><h2 id="h-applications">Applications</h2><div id="applications"></div></section>
  <section aria-labelledby="h-users"><h2 id="h-users">Users</h2><div id="users"></div></section>
  <section aria-labelledby="h-lobbies"><h2 id="h-lobbies">Lobbies</h2><div id="lobbies"></div></section>
  <section aria-labelledby="h-calls"><h2 id="h-calls">Calls and voice states</h2><div id="calls"></div></section>
  <section aria-labelledby="h-guilds"><h2 id="h-guilds">Guilds and channels</h2><div id="guilds"></div></section>
  <section aria-labelledby="h-rate-limits"><h2 id="h-rate-limits">Rate limits</h2><div id="rate-limits"></div></section>
  <section aria-labelledby="h-webhooks"><h2 id="h-webhooks">Webhook deliveries</h2><div id="webhooks"></div></section>
  <section aria-labelledby="h-requests"><h2 id="h-requests">HTTP requests</h2><div id="requests"></div></section>
  <section aria-labelledby="h-timeline" id="timeline-section">
    <h2 id="h-timeline">Timeline</h2>
    <p class="hint">Newest first; the last 1,000 events.</p>
    <ol id="timeline" aria-live="polite" aria-relevant="additions"></ol>
  </section>
</main>
</body>
</html>
`;
