// The preload: puts the API that main.js exposed on window.social. It loads no native code.
// A sandboxed preload can only require 'electron' (and a few built-ins), so `npm start` bundles
// this file first (esbuild, build/preload.js), as any bundler in a real app would.
const { contextBridge, ipcRenderer } = require('electron');
const { exposeInMainWorld } = require('social-sdk-node/electron/preload');

exposeInMainWorld(contextBridge, ipcRenderer, 'social');
