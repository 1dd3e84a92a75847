/* global document, localStorage */
// The offline page (src/server/routes/public/offline.ts): lists the places saved on this device,
// from the storage src/client/lib/saved-places.ts writes, each linked to its page the service
// worker keeps offline (public/sw.js).
(function () {
  var list;
  try {
    list = JSON.parse(localStorage.getItem('saved-places') || '[]');
  } catch {
    list = [];
  }
  if (!Array.isArray(list)) list = [];
  var ul = document.getElementById('saved-places');
  list.forEach(function (place) {
    if (!place || typeof place.url !== 'string' || place.url.charAt(0) !== '/' || place.url.charAt(1) === '/') return;
    var li = document.createElement('li');
    var a = document.createElement('a');
    a.href = place.url;
    a.textContent = place.title || place.url;
    li.appendChild(a);
    ul.appendChild(li);
  });
  if (!ul.children.length) document.getElementById('nothing-saved').hidden = false;
})();
