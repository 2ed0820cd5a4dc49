// Name suggestions for the search box from /api/cards/autocomplete (plain JS, no build step).
(function () {
  const box = document.getElementById("q");
  const list = document.getElementById("names");
  if (!box || !list) return;
  let timer = null;
  box.addEventListener("input", function () {
    clearTimeout(timer);
    const text = box.value.trim();
    if (text.length < 2 || text.includes(":")) { list.replaceChildren(); return; }
    timer = setTimeout(async function () {
      try {
        const r = await fetch("/api/cards/autocomplete?q=" + encodeURIComponent(text));
        if (!r.ok) return;
        const body = await r.json();
        list.replaceChildren(...body.data.map(function (name) {
          const o = document.createElement("option"); o.value = name; return o;
        }));
      } catch (e) { /* suggestions are a convenience only */ }
    }, 150);
  });
})();
