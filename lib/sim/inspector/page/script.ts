/**
 * The inspector page's script (inspector.js): reads the harness secret from the URL's fragment,
 * opens the state stream with fetch (EventSource cannot send the Authorization header), renders
 * each state into the page's sections and applies the filters (user, application, lobby) to all
 * of them, the timeline included. Plain browser JavaScript, no framework; kept as text here so
 * that it ships in dist/ with the rest (no template literal or `${` inside: String.raw).
 * @internal
 * @module
 */
export const INSPECTOR_SCRIPT = String.raw`(function () {
  'use strict';
  var secret = new URLSearchParams(location.hash.slice(1)).get('secret') || '';
  var base = location.pathname.replace(/[^/]*$/, '');
  var state = null;
  var shownSeq = 0;
  var filterKey = '';

  function $(id) { return document.getElementById(id); }
  var ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
  function esc(value) { return String(value).replace(/[&<>"']/g, function (c) { return ESCAPES[c]; }); }
  function time(ms) { return ms === null || ms === undefined ? '–' : new Date(ms).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC'); }
  function clockTime(ms) { return new Date(ms).toISOString().slice(11, 19); }
  function id(value) { return '<span class="id">' + esc(value) + '</span>'; }
  function setStatus(text, kind) { var el = $('connection'); el.textContent = text; el.className = kind; }

  function filters() {
    return { user: $('filter-user').value, application: $('filter-application').value, lobby: $('filter-lobby').value };
  }
  // A row passes a filter when the filter is unset, or the row names what it asks for.
  function passes(row, f) {
    if (f.user && !(row.users && row.users.indexOf(f.user) >= 0)) return false;
    if (f.application && row.application !== f.application) return false;
    if (f.lobby && row.lobby !== f.lobby) return false;
    return true;
  }

  function table(caption, headings, rows, empty) {
    if (rows.length === 0) return '<p class="muted">' + esc(empty) + '</p>';
    var head = '<tr>' + headings.map(function (h) { return '<th scope="col">' + esc(h) + '</th>'; }).join('') + '</tr>';
    var body = rows.map(function (cells) { return '<tr>' + cells.map(function (c) { return '<td>' + c + '</td>'; }).join('') + '</tr>'; }).join('');
    return '<table>' + (caption ? '<caption>' + esc(caption) + '</caption>' : '') + '<thead>' + head + '</thead><tbody>' + body + '</tbody></table>';
  }
  function metadata(map) {
    var keys = Object.keys(map || {});
    if (keys.length === 0) return '<span class="muted">none</span>';
    return '<dl>' + keys.map(function (k) { return '<dt>' + esc(k) + '</dt><dd>' + esc(map[k]) + '</dd>'; }).join('') + '</dl>';
  }

  function options(select, entries, all) {
    var current = select.value;
    var html = '<option value="">' + esc(all) + '</option>' + entries.map(function (e) {
      return '<option value="' + esc(e[0]) + '">' + esc(e[1]) + '</option>';
    }).join('');
    if (select.getAttribute('data-options') !== html) {
      select.innerHTML = html;
      select.setAttribute('data-options', html);
      select.value = current;
      if (select.value !== current) select.value = '';
    }
  }

  function render() {
    if (!state) return;
    var world = state.world;
    var names = {};
    world.users.forEach(function (u) { names[u.id] = u.username; });
    var appNames = {};
    world.applications.forEach(function (a) { appNames[a.id] = a.name; });
    function who(userId) { return names[userId] ? esc(names[userId]) + ' ' + id(userId) : id(userId); }
    options($('filter-user'), world.users.map(function (u) { return [u.id, u.username + ' (' + u.id + ')']; }), 'All users');
    options($('filter-application'), world.applications.map(function (a) { return [a.id, a.name + ' (' + a.id + ')']; }), 'All applications');
    options($('filter-lobby'), world.lobbies.map(function (l) { return [l.id, l.id]; }), 'All lobbies');
    var f = filters();
    var lobbyApp = {};
    var lobbyMembers = {};
    world.lobbies.forEach(function (l) { lobbyApp[l.id] = l.applicationId; lobbyMembers[l.id] = l.members.map(function (m) { return m.id; }); });

    $('clock').textContent = time(state.clock.now);
    $('clock').setAttribute('datetime', new Date(state.clock.now).toISOString());
    $('clock-mode').textContent = state.clock.mode;

    // Applications: an application passes the user filter when the user is signed in to it or in one of its lobbies.
    $('applications').innerHTML = table('', ['Name', 'ID', 'Bot user', 'Webhook events'], world.applications.filter(function (a) {
      var users = [];
      world.users.forEach(function (u) { if (u.signedInTo.indexOf(a.id) >= 0) users.push(u.id); });
      world.lobbies.forEach(function (l) { if (l.applicationId === a.id) users = users.concat(lobbyMembers[l.id]); });
      return passes({ users: users, application: a.id, lobby: f.lobby && lobbyApp[f.lobby] === a.id ? f.lobby : undefined }, f);
    }).map(function (a) {
      var hook = state.service.webhooks.filter(function (w) { return w.applicationId === a.id; })[0];
      return [esc(a.name), id(a.id), id(a.botUserId), esc(hook ? hook.status : 'DISABLED')];
    }), 'No application matches the filters.');

    $('users').innerHTML = table('', ['User', 'Status', 'Activity', 'Signed in to', 'Relationships'], world.users.filter(function (u) {
      var lobbies = world.lobbies.filter(function (l) { return lobbyMembers[l.id].indexOf(u.id) >= 0; });
      var apps = u.signedInTo.concat(lobbies.map(function (l) { return l.applicationId; }));
      if (f.application && apps.indexOf(f.application) < 0) return false;
      if (f.lobby && (lobbyMembers[f.lobby] || []).indexOf(u.id) < 0) return false;
      return !f.user || f.user === u.id;
    }).map(function (u) {
      var activity = u.activity ? esc(u.activity.name) + (u.activity.state ? ': ' + esc(u.activity.state) : '') + (u.activity.details ? ' (' + esc(u.activity.details) + ')' : '') : '<span class="muted">none</span>';
      var rel = u.relationships.map(function (r) {
        var kinds = [];
        if (r.discord !== 'None') kinds.push('Discord ' + r.discord);
        if (r.game !== 'None') kinds.push('game ' + r.game);
        return who(r.userId) + ': ' + esc(kinds.join(', '));
      }).join('<br>');
      var display = u.displayName !== u.username ? ' <span class="muted">“' + esc(u.displayName) + '”</span>' : '';
      return [esc(u.username) + display + '<br>' + id(u.id), esc(u.status), activity,
        u.signedInTo.map(function (a) { return esc(appNames[a] || a); }).join(', ') || '<span class="muted">–</span>', rel || '<span class="muted">none</span>'];
    }), 'No user matches the filters.');

    var lobbies = world.lobbies.filter(function (l) { return passes({ users: lobbyMembers[l.id], application: l.applicationId, lobby: l.id }, f); });
    $('lobbies').innerHTML = lobbies.length === 0 ? '<p class="muted">No lobby matches the filters.</p>' : lobbies.map(function (l) {
      var members = table('Members', ['Member', 'Connected', 'Metadata'], l.members.map(function (m) {
        return [who(m.id) + (m.additionalName ? ' <span class="muted">(' + esc(m.additionalName) + ')</span>' : ''), m.connected ? 'yes' : 'no', metadata(m.metadata)];
      }), 'No members.');
      var messages = l.messages.length === 0 ? '<p class="muted">No messages.</p>' : '<ol class="messages">' + l.messages.map(function (m) {
        return '<li><time datetime="' + new Date(m.sentAt).toISOString() + '">' + clockTime(m.sentAt) + '</time> <strong>' + esc(names[m.authorId] || m.authorId) + '</strong>: ' + esc(m.content) + '</li>';
      }).join('') + '</ol>';
      var linked = l.linkedChannel ? '<dt>Linked channel</dt><dd>' + esc(l.linkedChannel.name) + ' ' + id(l.linkedChannel.id) + '</dd>' : '';
      return '<article aria-labelledby="lobby-' + esc(l.id) + '"><h3 id="lobby-' + esc(l.id) + '">Lobby ' + esc(l.id) + '</h3>' +
        '<dl><dt>Application</dt><dd>' + esc(appNames[l.applicationId] || l.applicationId) + '</dd><dt>Secret</dt><dd>' + (l.hasSecret ? 'set (not shown)' : 'none') + '</dd>' +
        '<dt>Idle timeout</dt><dd>' + esc(l.idleTimeoutSeconds) + ' s</dd>' + linked + '<dt>Metadata</dt><dd>' + metadata(l.metadata) + '</dd></dl>' +
        members + '<h4 class="muted">Messages (last ' + l.messages.length + ' of ' + l.messagesKept + ' kept)</h4>' + messages + '</article>';
    }).join('');

    $('calls').innerHTML = table('', ['Lobby', 'Participant', 'Muted', 'Deafened'], [].concat.apply([], world.calls.filter(function (c) {
      return passes({ users: c.participants.map(function (p) { return p.userId; }), application: c.applicationId, lobby: c.lobbyId }, f);
    }).map(function (c) {
      return c.participants.map(function (p) { return [id(c.lobbyId), who(p.userId), p.selfMute ? 'yes' : 'no', p.selfDeaf ? 'yes' : 'no']; });
    })), 'No call matches the filters.');

    var guilds = world.guilds.filter(function (g) {
      if (f.user && !g.members.some(function (m) { return m.userId === f.user; })) return false;
      if (f.lobby && !g.channels.some(function (c) { return c.linkedLobbyId === f.lobby; })) return false;
      if (f.application && !g.channels.some(function (c) { return c.linkedLobbyId && lobbyApp[c.linkedLobbyId] === f.application; })) return false;
      return true;
    });
    $('guilds').innerHTML = guilds.length === 0 ? '<p class="muted">No guild matches the filters.</p>' : guilds.map(function (g) {
      var voice = {};
      g.members.forEach(function (m) { if (m.voiceChannelId) voice[m.voiceChannelId] = (voice[m.voiceChannelId] || []).concat([m.userId]); });
      return '<article><h3>' + esc(g.name) + ' ' + id(g.id) + '</h3><p>Owner ' + who(g.ownerId) + '; members: ' + g.members.map(function (m) { return who(m.userId); }).join(', ') + '</p>' +
        table('Channels', ['Channel', 'Type', 'Position', 'Linked lobby', 'Voice'], g.channels.map(function (c) {
          return [esc(c.name) + ' ' + id(c.id), esc(c.type), esc(c.position), c.linkedLobbyId ? id(c.linkedLobbyId) : '–',
            (voice[c.id] || []).map(who).join(', ') + (c.voiceStatus ? ' <span class="muted">status: ' + esc(c.voiceStatus) + '</span>' : '')];
        }), 'No channels.') + '</article>';
    }).join('');

    var limits = state.service.rateLimits;
    var windows = limits.windows.filter(function (w) { return passes({ application: w.scope }, f); });
    $('rate-limits').innerHTML = '<p>Global budget per application: ' + (limits.global ? esc(limits.global.limit) + ' per ' + esc(limits.global.windowMs / 1000) + ' s' : 'none') + '</p>' +
      table('Windows open now', ['Route', 'Application', 'Used', 'Resets'], windows.map(function (w) {
        return [esc(w.route), esc(appNames[w.scope] || w.scope), esc(w.used + ' / ' + w.limit), time(w.resetAt)];
      }), 'No rate-limit window is open for the filters.') +
      '<details><summary>Budgets (' + limits.budgets.length + ')</summary>' + table('', ['Route', 'Limit', 'Window'], limits.budgets.map(function (b) {
        return [esc(b.route), esc(b.limit), esc(b.windowMs / 1000) + ' s'];
      }), 'No route budget.') + '</details>';

    $('webhooks').innerHTML = table('', ['Event', 'Application', 'Status', 'Attempts', 'Last answer', 'Queued', 'Delivered'], state.service.deliveries.filter(function (d) {
      return passes({ application: d.applicationId }, f);
    }).slice().reverse().map(function (d) {
      return [esc(d.eventType), esc(appNames[d.applicationId] || d.applicationId), esc(d.status), esc(d.attempts),
        d.lastStatus === null ? esc(d.lastError || '–') : esc(d.lastStatus), time(d.queuedAt), time(d.deliveredAt)];
    }), 'No webhook delivery matches the filters.');

    $('requests').innerHTML = '<p>Invalid requests (401, 403, 429) in the last 10 minutes: ' + esc(state.service.invalidRequests) + '</p>' +
      table('Newest first; the last 500', ['Time', 'Request', 'Status', 'Credential', 'Caller', 'Duration'], state.service.requests.filter(function (r) {
        return passes({ users: r.userId ? [r.userId] : [], application: r.applicationId, lobby: r.lobbyId }, f);
      }).slice(-100).reverse().map(function (r) {
        return [time(r.at), esc(r.route || r.method + ' (no route)'), esc(r.status), esc(r.credential),
          (r.userId ? who(r.userId) : '') + (r.applicationId ? ' ' + esc(appNames[r.applicationId] || r.applicationId) : ''), esc(r.durationMs.toFixed(1)) + ' ms'];
      }), 'No request matches the filters.');

    renderTimeline(f);
  }

  function renderTimeline(f) {
    var key = f.user + '|' + f.application + '|' + f.lobby;
    var list = $('timeline');
    if (key !== filterKey) { list.innerHTML = ''; shownSeq = 0; filterKey = key; }
    var fresh = state.timeline.filter(function (e) {
      return e.seq > shownSeq && passes({ users: e.userIds, application: e.applicationId, lobby: e.lobbyId }, f);
    });
    fresh.forEach(function (e) {
      var item = document.createElement('li');
      item.setAttribute('data-kind', e.kind);
      item.innerHTML = '<time datetime="' + new Date(e.at).toISOString() + '">' + clockTime(e.at) + '</time> <span class="kind">' + esc(e.kind) + '</span> ' + esc(e.text);
      list.insertBefore(item, list.firstChild);
    });
    if (state.timeline.length > 0) shownSeq = Math.max(shownSeq, state.timeline[state.timeline.length - 1].seq);
    while (list.children.length > 1000) list.removeChild(list.lastChild);
  }

  function handle(block) {
    var event = 'message';
    var data = [];
    block.split('\n').forEach(function (line) {
      if (line.indexOf('event:') === 0) event = line.slice(6).trim();
      else if (line.indexOf('data:') === 0) data.push(line.slice(5).replace(/^ /, ''));
    });
    if (event === 'state' && data.length > 0) {
      state = JSON.parse(data.join('\n'));
      render();
    }
  }

  function wait(ms) { return new Promise(function (resolve) { setTimeout(resolve, ms); }); }

  async function connect() {
    if (!secret) {
      setStatus('No secret in this URL: open the inspector URL the simulator printed (…/inspector/#secret=…).', 'error');
      return;
    }
    for (;;) {
      try {
        var response = await fetch(base + 'events', { headers: { authorization: 'Harness ' + secret }, cache: 'no-store' });
        if (response.status === 401) {
          setStatus('The simulator refused this secret (401): open the inspector URL it printed.', 'error');
          return;
        }
        if (!response.ok || !response.body) throw new Error('HTTP ' + response.status);
        setStatus('Live', 'live');
        var reader = response.body.getReader();
        var decoder = new TextDecoder();
        var buffer = '';
        for (;;) {
          var chunk = await reader.read();
          if (chunk.done) break;
          buffer += decoder.decode(chunk.value, { stream: true }).replace(/\r\n/g, '\n');
          var end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            handle(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        }
      } catch (error) {
        // The simulator stopped or the connection dropped: try again.
      }
      setStatus('Disconnected; reconnecting…', 'error');
      await wait(1000);
    }
  }

  ['filter-user', 'filter-application', 'filter-lobby'].forEach(function (name) {
    $(name).addEventListener('change', render);
  });
  connect();
})();
`;
