/*
 * Starts the app once the server's first screen has painted (docs/decisions/005, addendum
 * 2026-11-27): the rendered shell preloads the app's entry module and names it here, and this
 * adds it as a module script after the next frame, so evaluating the app never holds back
 * the first paint. A tab opened in the background, where frames wait, starts it after 200 ms.
 */
;(function () {
  var me = document.currentScript
  var entry = me && me.getAttribute('data-entry')
  if (!entry) return
  var started = false
  function start() {
    if (started) return
    started = true
    var s = document.createElement('script')
    s.type = 'module'
    s.crossOrigin = ''
    s.src = entry
    document.head.appendChild(s)
  }
  requestAnimationFrame(function () {
    setTimeout(start, 0)
  })
  setTimeout(start, 200)
})()
