// Each visible text below `least`:1 on the page (run by contrast.py through Playwright).
(least => {
  const parse = (text) => {
    const m = text.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const [r, g, b, a = '1'] = m[1].split(/[ ,/]+/).filter(Boolean);
    return [Number(r), Number(g), Number(b), Number(a)];
  };
  const stops = (image) => (image.match(/rgba?\([^)]+\)/g) || []).map(parse);
  const lum = ([r, g, b]) => {
    const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const over = (top, under) => {
    const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat(1);
  };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  // The backgrounds behind an element: the first opaque one up the tree (each stop of a gradient).
  const behind = (element) => {
    const layers = [];
    for (let node = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      const image = stops(style.backgroundImage);
      if (image.length) return image.map((stop) => layers.reduceRight((under, layer) => over(layer, under), stop));
      const colour = parse(style.backgroundColor);
      if (colour && colour[3] > 0) {
        if (colour[3] >= 1) return [layers.reduceRight((under, layer) => over(layer, under), colour)];
        layers.push(colour);
      }
    }
    return [layers.reduceRight((under, layer) => over(layer, under), [255, 255, 255, 1])];
  };
  const opacity = (element) => {
    let value = 1;
    for (let node = element; node; node = node.parentElement) value *= Number(getComputedStyle(node).opacity);
    return value;
  };
  const low = [];
  for (const element of document.querySelectorAll('body *')) {
    const own = [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent.trim());
    if (!own || !element.getClientRects().length) continue;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || element.closest('[aria-hidden=true] .card.back')) continue;
    const text = parse(style.color);
    const alpha = text[3] * opacity(element);
    for (const back of behind(element)) {
      const seen = over([text[0], text[1], text[2], alpha], back);
      const value = ratio(seen, back);
      if (value < least) {
        low.push(`${value.toFixed(2)}:1 ${element.tagName.toLowerCase()}.${element.className} "${element.textContent.trim().slice(0, 30)}"`);
        break;
      }
    }
  }
  return low;
});
