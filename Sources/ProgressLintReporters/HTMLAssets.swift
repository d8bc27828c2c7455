/// The HTML report's stylesheet and script, written inline and allowed by their SHA-256 in the
/// page's Content-Security-Policy (which allows nothing else: no request leaves the page).
enum HTMLAssets {
    typealias P = HTMLPalette

    static let style = """
        :root{color-scheme:light}
        body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:\(P.text);background:\(P.page)}
        header,main,footer,nav.toc{max-width:1240px;margin:0 auto;padding:0 16px}
        h1{font-size:1.6rem;margin:16px 0 4px}h2{font-size:1.3rem;margin:28px 0 8px;border-bottom:2px solid \(P.rule)}
        h3{font-size:1.1rem;margin:22px 0 4px;word-break:break-all}h4{font-size:1rem;margin:14px 0 4px}h5{font-size:.95rem;margin:8px 0 2px}
        a{color:\(P.link);text-decoration:underline}
        :focus-visible{outline:3px solid \(P.focus);outline-offset:2px}
        table{border-collapse:collapse;margin:6px 0 12px}
        caption{text-align:left;font-weight:600;color:\(P.text)}
        th,td{border:1px solid \(P.rule);padding:2px 8px;text-align:left;vertical-align:top}
        td.n{text-align:right;font-variant-numeric:tabular-nums}
        .muted{color:\(P.muted)}
        .ok{font-weight:600}
        nav.toc ul,ul.inline{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:4px 18px}
        pre{background:\(P.panel);color:\(P.text);padding:6px 8px;margin:4px 0 10px;overflow-x:auto;font:13px/1.4 ui-monospace,Menlo,Consolas,monospace}
        .ind{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:8px 20px;border-top:1px solid \(P.rule);padding-top:6px;margin-top:8px}
        @media (max-width:900px){.ind{grid-template-columns:minmax(0,1fr)}}
        figure{margin:0}
        figcaption{color:\(P.muted);font-size:.85rem}
        svg.tl{width:100%;height:auto;font:12px system-ui,sans-serif;display:block}
        .tk{text-anchor:middle;fill:\(P.text)}.rl,.sa{fill:\(P.text)}.wkt{fill:\(P.text);text-anchor:end}
        .ax{stroke:\(P.rule);stroke-width:1}
        .th{stroke-width:2}.ti{stroke:\(P.instant);stroke-dasharray:2 3}.tn{stroke:\(P.noticeable);stroke-dasharray:6 3}
        .ta{stroke:\(P.attention);stroke-dasharray:10 3 2 3}
        .tl-ti{fill:\(P.instant);text-anchor:middle}.tl-tn{fill:\(P.noticeable);text-anchor:middle}.tl-ta{fill:\(P.attention);text-anchor:middle}
        .wk{fill:\(P.work)}.wkw{stroke:\(P.work);stroke-width:2}.wku{stroke:\(P.work);stroke-width:2;stroke-dasharray:4 4}
        .vd{fill:\(P.determinate)}.vi{fill:url(#hatch);stroke:\(P.indeterminate);stroke-width:1}.sep{stroke:\(P.page);stroke-width:2}
        .pa{fill:\(P.phaseA)}.pb{fill:\(P.phaseB)}.pn{fill:\(P.page);text-anchor:middle}
        .s-error,.m-error{fill:\(P.error)}.s-warning,.m-warning{fill:\(P.warning)}.s-info,.m-info{fill:\(P.info)}
        .sev-error{color:\(P.error)}.sev-warning{color:\(P.warning)}.sev-info{color:\(P.info)}
        svg.gl{width:14px;height:14px;vertical-align:-2px}
        svg.defs{position:absolute;width:0;height:0;overflow:hidden}
        ol.findings{padding-left:0;list-style:none;margin:4px 0}
        li.finding p{margin:2px 0;overflow-wrap:anywhere}
        .badge{display:inline-block;padding:0 6px;border-radius:3px;font-size:.8rem;font-weight:600;color:\(P.badgeText)}
        .b-new{background:\(P.newBadge)}.b-fixed{background:\(P.fixedBadge)}
        fieldset{display:inline-block;border:1px solid \(P.rule);margin:0 8px 8px 0;vertical-align:top;max-height:12rem;overflow:auto}
        legend{font-weight:600}label{display:flex;align-items:center;gap:6px;min-height:28px}
        input[type=checkbox]{width:22px;height:22px;margin:0}
        .off{display:none}
        @media (prefers-reduced-motion:no-preference){html{scroll-behavior:smooth}}
        @media (prefers-reduced-motion:reduce){*{animation:none!important;transition:none!important;scroll-behavior:auto!important}}
        """

    /// Filters by severity, platform and rule: the checkboxes are shown only when this runs (the
    /// page reads whole without it); what is hidden is kept in the address's fragment
    /// (`#hide:severity=info&rule=vague-label`), so a filtered view can be shared and reloaded.
    static let script = """
        (function(){
        var f=document.getElementById('filters');if(!f)return;f.hidden=false;
        var boxes=Array.prototype.slice.call(f.querySelectorAll('input[type=checkbox]'));
        function hiddenNow(){var s={};boxes.forEach(function(b){if(!b.checked)(s[b.name]=s[b.name]||[]).push(b.value)});return s}
        function apply(){
        var s=hiddenNow(),off={severity:{},platform:{},rule:{}};
        Object.keys(s).forEach(function(k){s[k].forEach(function(v){off[k][v]=1})});
        Array.prototype.forEach.call(document.querySelectorAll('[data-sev]'),function(e){
        var hide=off.severity[e.getAttribute('data-sev')]||off.platform[e.getAttribute('data-platform')]||off.rule[e.getAttribute('data-rule')];
        e.classList.toggle('off',!!hide)});
        Array.prototype.forEach.call(document.querySelectorAll('div.screen[data-platform]'),function(e){
        e.classList.toggle('off',!!off.platform[e.getAttribute('data-platform')])});
        var parts=Object.keys(s).sort().map(function(k){return k+'='+s[k].map(encodeURIComponent).join(',')});
        var h=parts.length?'#hide:'+parts.join('&'):'';
        if(location.hash!==h&&(h||location.hash.indexOf('#hide:')===0)){
        try{history.replaceState(null,'',h||location.pathname+location.search)}catch(e){location.hash=h}}
        var c=document.getElementById('shown');
        if(c)c.textContent=document.querySelectorAll('li.finding:not(.off)').length+' of '+document.querySelectorAll('li.finding').length+' findings shown';
        }
        function load(){
        if(location.hash.indexOf('#hide:')!==0){if(location.hash==='')boxes.forEach(function(b){b.checked=true});return}
        var s={};location.hash.slice(6).split('&').forEach(function(p){var kv=p.split('=');
        if(kv.length===2)s[kv[0]]=kv[1].split(',').map(function(v){try{return decodeURIComponent(v)}catch(e){return v}})});
        boxes.forEach(function(b){b.checked=!(s[b.name]&&s[b.name].indexOf(b.value)>=0)});
        }
        f.addEventListener('change',apply);
        window.addEventListener('hashchange',function(){if(location.hash===''||location.hash.indexOf('#hide:')===0){load();apply()}});
        load();apply();
        })();
        """

    /// The hatching of indeterminate spans, defined once and used by every chart.
    static let definitions = "<svg class=\"defs\" aria-hidden=\"true\" focusable=\"false\"><defs>"
        + "<pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
        + "<rect width=\"6\" height=\"6\" fill=\"\(P.page)\"/><rect width=\"3\" height=\"6\" fill=\"\(P.indeterminate)\"/>"
        + "</pattern></defs></svg>"

    /// The page's policy: nothing from anywhere, but its own style and script (by hash).
    static let contentSecurityPolicy = "default-src 'none'; style-src \(SHA256.cspSource(style)); "
        + "script-src \(SHA256.cspSource(script)); img-src 'none'; font-src 'none'; connect-src 'none'; "
        + "base-uri 'none'; form-action 'none'"
}
