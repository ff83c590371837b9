// The renderer: plain page code. window.social has only what main.js allowed; every call returns a
// promise, and a failure is a plain object with the SocialSdkError's fields (type, code, status,
// retryable, retryAfter), since Electron copies only an Error's message between processes.
const social = window.social;
const log = (text, className) => {
  const item = document.createElement('li');
  item.textContent = text;
  if (className) item.className = className;
  document.querySelector('#log').append(item);
  item.scrollIntoView();
};

// Subscriptions end by themselves when the page reloads or the window closes.
social.on('statusChanged', ({ status }) => log(`status: ${status}`));
social.on('messageCreated', (message) => log(`${message.authorId}: ${message.content}`));

async function main() {
  const state = await social.getState();
  document.querySelector('#who').textContent = `${state.currentUser?.displayName} (${state.status}, ${state.backend} backend)`;
  const lobbyId = await social.createOrJoinLobby('electron-example');
  for (const message of (await social.getLobbyMessages(lobbyId)).reverse()) log(`${message.authorId}: ${message.content}`);

  const form = document.querySelector('form');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const input = form.elements.content;
    try {
      await social.sendLobbyMessage(lobbyId, input.value);
      input.value = '';
    } catch (error) {
      log(`not sent: ${error.type ?? error.name}${error.retryable ? ' (retry later)' : ''}: ${error.message}`, 'error');
    }
  });
}

main().catch((error) => log(`error: ${error.message}`, 'error'));
