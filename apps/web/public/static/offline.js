// Loaded only by offline.html, which the service worker serves when a navigation finds no network:
// the app opens on its network-check page (spec §8).
if (!location.hash.startsWith('#/pages/index/networkCheck')) location.replace('#/pages/index/networkCheck');
