// arbitro service worker: the app shell and every answer seen stay usable offline.
// Network first (answers and the app are always current when the server is
// reachable); when it is not, the cached copy, marked with X-Arbitro-Offline: 1.
'use strict';
const SHELL_CACHE = 'arbitro-shell-v1';
const API_CACHE = 'arbitro-api-v1';
const MAX_ANSWERS = 300;  // the oldest answers are forgotten first
const SHELL = ['/', '/app.js', '/style.css', '/manifest.webmanifest', '/icons/icon.svg',
  '/icons/icon-192.png', '/icons/icon-512.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n !== SHELL_CACHE && n !== API_CACHE).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

async function trim(cache) {
  const keys = await cache.keys();
  for (let i = 0; i < keys.length - MAX_ANSWERS; ++i) await cache.delete(keys[i]);
}

function offlineCopy(response) {
  const headers = new Headers(response.headers);
  headers.set('X-Arbitro-Offline', '1');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

async function networkFirst(request, cacheName, key) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (response.ok) {
      await cache.put(key, response.clone());
      if (cacheName === API_CACHE) trim(cache);
    }
    return response;
  } catch (e) {
    const hit = await cache.match(key);
    if (hit) return offlineCopy(hit);
    if (cacheName === API_CACHE) {
      return new Response(JSON.stringify({ error: 'Offline: questa risposta non è ancora stata vista su questo telefono.' }),
        { status: 503, headers: { 'Content-Type': 'application/json; charset=utf-8', 'X-Arbitro-Offline': '1' } });
    }
    throw e;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/')) {
    // Quiz files are downloads, not answers to keep.
    if (url.pathname === '/api/quiz') return;
    event.respondWith(networkFirst(request, API_CACHE, request));
    return;
  }
  // Every page of the app is the one index.html (the view is in the hash).
  const key = request.mode === 'navigate' || url.pathname === '/index.html' ? '/' : url.pathname;
  event.respondWith(networkFirst(request, SHELL_CACHE, key));
});
