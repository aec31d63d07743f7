// The first use of Intl loads ICU's locale data (~130 ms at 4× CPU). react-aria's module does that
// as it loads, inside the one task that evaluates every module of the app's entry; this deferred
// classic script runs before it, in a task of its own (docs/benchmarks.md).
(function () {
  try {
    var tags = [
      navigator.language || 'en-US',
      localStorage.getItem('language') === 'zh-cn' ? 'zh-CN' : 'en-US',
    ];
    for (var i = 0; i < tags.length; i++) {
      Intl.DateTimeFormat.supportedLocalesOf([tags[i]]);
      var l = new Intl.Locale(tags[i]).maximize();
      if (typeof l.getTextInfo === 'function') l.getTextInfo();
    }
  } catch {
    // storage blocked or an old browser: the app does the same work later
  }
})();
