/* global document, localStorage, caches */
// The offline page (src/server/routes/public/offline.ts): lists the places saved on this device,
// from the storage src/client/lib/saved-places.ts writes, each linked to its page in this page's
// language, which the service worker keeps offline in every language (public/sw.js). Their titles
// come from the saved places' cards in this language, which the worker keeps too (the address of
// savedPlacesAddress in src/shared/saved-places.ts); without them, the title the place was saved with.
(function () {
  var list;
  try {
    list = JSON.parse(localStorage.getItem('saved-places') || '[]');
  } catch {
    list = [];
  }
  if (!Array.isArray(list)) list = [];
  list = list.filter(function (place) {
    return place && typeof place.id === 'string' && typeof place.url === 'string' && /^\/[^/]+\/[^/]/.test(place.url);
  });
  var lang = document.documentElement.lang || 'en';
  var ul = document.getElementById('saved-places');

  function show(titles) {
    list.forEach(function (place) {
      var li = document.createElement('li');
      var a = document.createElement('a');
      a.href = '/' + lang + place.url.replace(/^\/[^/]+/, '');
      a.textContent = titles[place.id] || place.title || a.getAttribute('href');
      li.appendChild(a);
      ul.appendChild(li);
    });
    if (!ul.children.length) document.getElementById('nothing-saved').hidden = false;
  }

  var ids = list.map(function (place) {
    return place.id;
  });
  if (!ids.length || typeof caches === 'undefined') return show({});
  caches
    .match('/api/places/by-ids/translations/' + lang + '?ids=' + ids.join(','), { ignoreVary: true })
    .then(function (answer) {
      return answer ? answer.json() : [];
    })
    .then(
      function (cards) {
        var titles = {};
        (Array.isArray(cards) ? cards : []).forEach(function (card) {
          if (card && typeof card.title === 'string') titles[card.id] = card.title;
        });
        show(titles);
      },
      function () {
        show({});
      },
    );
})();
