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
        .th{stroke-width:2;stroke:\(P.work)}.ti{stroke:\(P.instant);stroke-dasharray:2 3}.tn{stroke:\(P.noticeable);stroke-dasharray:6 3}
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
        li.finding{margin:2px 0;overflow-wrap:anywhere}
        main ol.findings{content-visibility:auto;contain-intrinsic-size:auto 4em}
        .g-error::before,.g-warning::before,.g-info::before{content:"";display:inline-block;width:12px;height:12px;margin-right:4px;vertical-align:-1px}
        .g-error::before{background:\(P.error);clip-path:polygon(50% 0,100% 100%,0 100%)}
        .g-warning::before{background:\(P.warning)}
        .g-info::before{background:\(P.info);border-radius:50%}
        .td{stroke:\(P.work);stroke-dasharray:1 2}.tl-td{fill:\(P.text);text-anchor:middle}
        dialog{max-width:1200px;width:calc(100% - 48px);max-height:calc(100% - 48px);border:2px solid \(P.rule);padding:0 16px 16px;color:\(P.text);background:\(P.page)}
        dialog::backdrop{background:\(P.text);opacity:.6}
        dialog .bar{position:sticky;top:0;background:\(P.page);display:flex;justify-content:space-between;align-items:center;gap:12px;border-bottom:2px solid \(P.rule);z-index:1}
        dialog .bar h2{border:0;margin:12px 0;word-break:break-all}
        dialog h3,dialog h4,dialog li{scroll-margin-top:72px}
        button{font:inherit;min-height:32px;padding:2px 12px;color:\(P.text);background:\(P.panel);border:1px solid \(P.rule);border-radius:4px;cursor:pointer}
        input[type=search]{font:inherit;min-height:28px;border:1px solid \(P.rule)}
        @media (prefers-reduced-motion:no-preference){html{scroll-behavior:smooth}}
        @media (prefers-reduced-motion:reduce){*{animation:none!important;transition:none!important;scroll-behavior:auto!important}}
        """

    /// The page's script: the filters (kept in the address's fragment so a filtered view can be
    /// shared), the file table's paging and search, and a file's details drawn from `#data` with
    /// the positions the report computed. Data text is only ever set with `textContent` or as an attribute.
    static let script = """
        (function(){
        var doc=document,SEV=['error','warning','info'],NS='http://www.w3.org/2000/svg';
        function $(id){return doc.getElementById(id)}
        function each(list,f){Array.prototype.forEach.call(list,f)}
        function el(tag,cls,text){var e=doc.createElement(tag);if(cls)e.className=cls;if(text!=null)e.textContent=text;return e}
        function sv(tag,attrs,text){var e=doc.createElementNS(NS,tag);for(var k in attrs)e.setAttribute(k,attrs[k]);if(text!=null)e.textContent=text;return e}
        function r1(v){return Math.round(v*10)/10}
        function txt(s){return doc.createTextNode(s)}
        var NL=String.fromCharCode(10),LINES=null,HEAD=null,TH=null;
        function lines(){if(!LINES){var d=$('data');LINES=d?d.textContent.split(NL):[]}return LINES}
        function parse(l,empty){try{return l?JSON.parse(l):empty}catch(e){return empty}}
        function head(){if(!HEAD)HEAD=parse(lines()[0],{ticks:[],docs:{},files:[]});return HEAD}
        function thresholds(){if(!TH){var l=lines();TH=parse(l[l.length-1],{thresholds:[]}).thresholds}return TH}
        function file(p){var l=lines();return p>=0&&p+2<l.length?parse(l[p+1],null):null}
        var f=$('filters'),boxes=f?Array.prototype.slice.call(f.querySelectorAll('input[type=checkbox]')):[];
        function hiddenNow(){var s={};boxes.forEach(function(b){if(!b.checked)(s[b.name]=s[b.name]||[]).push(b.value)});return s}
        function filterIn(root){
        var s=hiddenNow(),off={severity:{},platform:{},rule:{}};
        Object.keys(s).forEach(function(k){s[k].forEach(function(v){off[k][v]=1})});
        each(root.querySelectorAll('[data-sev]'),function(e){
        var hide=off.severity[e.getAttribute('data-sev')]||off.platform[e.getAttribute('data-platform')]||off.rule[e.getAttribute('data-rule')];
        e.classList.toggle('off',!!hide)});
        each(root.querySelectorAll('div.screen[data-platform]'),function(e){
        e.classList.toggle('off',!!off.platform[e.getAttribute('data-platform')])});
        return s}
        function apply(){
        if(!f)return;
        var s=filterIn(doc);
        var parts=Object.keys(s).sort().map(function(k){return k+'='+s[k].map(encodeURIComponent).join(',')});
        var h=parts.length?'#hide:'+parts.join('&'):'';
        if(location.hash!==h&&(h||location.hash.indexOf('#hide:')===0)){
        try{history.replaceState(null,'',h||location.pathname+location.search)}catch(e){location.hash=h}}
        var c=$('shown');
        if(c)c.textContent=doc.querySelectorAll('main li.finding:not(.off)').length+' of '+doc.querySelectorAll('main li.finding').length+' findings shown';
        }
        function load(){
        if(location.hash.indexOf('#hide:')!==0){if(location.hash==='')boxes.forEach(function(b){b.checked=true});return}
        var s={};location.hash.slice(6).split('&').forEach(function(p){var kv=p.split('=');
        if(kv.length===2)s[kv[0]]=kv[1].split(',').map(function(v){try{return decodeURIComponent(v)}catch(e){return v}})});
        boxes.forEach(function(b){b.checked=!(s[b.name]&&s[b.name].indexOf(b.value)>=0)});
        }
        if(f){f.hidden=false;f.addEventListener('change',apply);
        window.addEventListener('hashchange',function(){if(location.hash===''||location.hash.indexOf('#hide:')===0){load();apply()}});
        load();apply()}
        var br=$('browser'),q=$('q'),only=$('only'),rows=$('frows'),more=$('more'),fcount=$('fcount'),shownRows=0,matches=[],started=false;
        function filterFiles(){
        started=true;var t=q.value.toLowerCase(),o=only.checked,fs=head().files;matches=[];
        for(var i=0;i<fs.length;i++){var x=fs[i];if(o&&x[3]+x[4]+x[5]===0)continue;if(t&&x[0].toLowerCase().indexOf(t)<0)continue;matches.push(i)}
        rows.textContent='';shownRows=0;showMore()}
        function showMore(){
        var fs=head().files,end=Math.min(matches.length,shownRows+100);
        for(var k=shownRows;k<end;k++){var i=matches[k],x=fs[i],tr=el('tr'),td=el('td'),a=el('a',null,x[0]);
        a.href='#file-'+i;a.setAttribute('data-p',i);td.appendChild(a);tr.appendChild(td);
        for(var c=1;c<6;c++)tr.appendChild(el('td','n',String(x[c])));rows.appendChild(tr)}
        shownRows=end;more.hidden=shownRows>=matches.length;
        fcount.textContent=matches.length+(matches.length===1?' file matches, ':' files match, ')+shownRows+' shown'}
        if(br){br.hidden=false;
        q.addEventListener('input',filterFiles);only.addEventListener('change',filterFiles);more.addEventListener('click',showMore);
        if('IntersectionObserver' in window){var io=new IntersectionObserver(function(es){
        if(es.some(function(x){return x.isIntersecting})){io.disconnect();if(!started)filterFiles()}});io.observe(br)}else filterFiles()}
        function shape(sev,x,y){
        if(sev===0)return sv('polygon',{'class':'s-error',points:r1(x)+','+r1(y-7)+' '+r1(x+7)+','+r1(y+6)+' '+r1(x-7)+','+r1(y+6)});
        if(sev===1)return sv('rect',{'class':'s-warning',x:r1(x-6),y:r1(y-6),width:12,height:12});
        return sv('circle',{'class':'s-info',cx:x,cy:y,r:6})}
        function chart(ind,th,id,title){
        var g=ind[9],work=g[0],vis=g[1],sa=g[2],ph=g[3],mk=g[4],L=88,R=736,rows=['work','visible'];
        if(ph.length)rows.push('phases');if(mk.length)rows.push('findings');
        var lines=0;mk.forEach(function(m){if(m[1]>lines)lines=m[1]});
        function top(r){return 28+28*r}
        var end=top(rows.length)+(mk.length?20*lines:0);
        var s=sv('svg',{'class':'tl',viewBox:'0 0 760 '+(end+22),role:'group','aria-labelledby':id+'-t'});
        s.appendChild(sv('title',{id:id+'-t'},title));
        var gr=sv('g',{'aria-hidden':'true'});s.appendChild(gr);
        function add(tag,attrs,text){gr.appendChild(sv(tag,attrs,text))}
        add('line',{'class':'ax',x1:L,y1:20,x2:R,y2:20});
        head().ticks.forEach(function(t){add('line',{'class':'ax',x1:t[0],y1:16,x2:t[0],y2:end});add('text',{x:t[0],y:12,'class':'tk'},t[1])});
        rows.forEach(function(n,r){add('text',{x:4,y:top(r)+16,'class':'rl'},n)});
        th.forEach(function(t){add('line',{'class':'th '+t[2],x1:t[0],y1:20,x2:t[0],y2:end});add('text',{x:t[0],y:end+16,'class':'tl-'+t[2]},t[1])});
        var wy=top(0)+8;
        if(work.length===2){add('rect',{'class':'wk',x:work[0],y:wy,width:r1(work[1]-work[0]),height:12});
        add('line',{'class':'wkw',x1:work[0],y1:wy-3,x2:work[0],y2:wy+15});add('line',{'class':'wkw',x1:work[1],y1:wy-3,x2:work[1],y2:wy+15})}
        else{add('line',{'class':'wku',x1:work[0],y1:wy+6,x2:R,y2:wy+6});add('text',{x:R-4,y:wy+2,'class':'wkt'},'unknown ?')}
        var vy=top(1)+8;
        vis.forEach(function(v){add('rect',{'class':v[2]?'vd':'vi',x:v[0],y:vy,width:r1(v[1]-v[0]),height:12})});
        if(work.length!==2)add('text',{x:R-4,y:vy-2,'class':'wkt'},'until done');
        for(var k=1;k<vis.length;k++)add('line',{'class':'sep',x1:vis[k][0],y1:vy-3,x2:vis[k][0],y2:vy+15});
        if(sa)add('text',{x:sa[0],y:vy-2,'class':'sa'},'show-after '+sa[1]);
        if(ph.length){var py=top(2)+8;ph.forEach(function(p,k){add('rect',{'class':k%2?'pb':'pa',x:p[0],y:py,width:r1(p[1]-p[0]),height:12});
        if(p[1]-p[0]>14)add('text',{x:r1((p[0]+p[1])/2),y:py+10,'class':'pn'},String(k+1))})}
        if(mk.length){var my=top(rows.length-1)+14;mk.forEach(function(m){var y=my+20*m[1],w=SEV[m[3]];
        var a=sv('a',{href:'#d-f'+m[2],'class':'mk','data-sev':w,'data-rule':m[4],'data-platform':m[5]});
        a.appendChild(sv('title',null,'finding '+m[2]+': '+w+', '+m[4]));a.appendChild(shape(m[3],m[0],y));
        a.appendChild(sv('text',{x:r1(m[0]+9),y:y+4,'class':'m-'+w},m[2]+' '+w));s.appendChild(a)})}
        return s}
        function list(indices,findings,heading){
        var frag=doc.createDocumentFragment(),p=el('p');p.appendChild(el('strong',null,heading));frag.appendChild(p);
        var ol=el('ol','findings');
        indices.forEach(function(k){var d=findings[k],w=SEV[d[1]],li=el('li','finding');li.id='d-f'+d[0];li.tabIndex=-1;
        li.setAttribute('data-sev',w);li.setAttribute('data-rule',d[2]);li.setAttribute('data-platform',d[8]);
        var p1=el('p');p1.appendChild(el('b','g-'+w+' sev-'+w,d[0]+' '+w));p1.appendChild(txt(' '));
        var u=head().docs[d[2]],r;if(u){r=el('a',null,d[2]);r.href=u}else r=el('code',null,d[2]);p1.appendChild(r);
        if(d[7]){p1.appendChild(txt(' '));p1.appendChild(el('span','badge b-new','new'))}
        p1.appendChild(txt(' '));p1.appendChild(el('span','muted','line '+d[3]+', column '+d[4]));li.appendChild(p1);
        li.appendChild(el('p',null,d[5]));
        if(d[6].length){var pre=el('pre',null,d[6].join(String.fromCharCode(10)));pre.tabIndex=0;li.appendChild(pre)}
        ol.appendChild(li)});
        frag.appendChild(ol);return frag}
        function indicator(ind,si,ii,th,findings){
        var id='d-i'+si+'-'+ii,name=ind[0]==null?'(no id)':ind[0],wrap=el('div','ind'),left=el('div'),right=el('div');
        var h=el('h4');h.id=id;h.tabIndex=-1;h.appendChild(txt('Indicator '));h.appendChild(el('bdi',null,name));h.appendChild(txt(' '));
        h.appendChild(el('span','muted','line '+ind[1]));left.appendChild(h);
        var words=(ind[5]==='unknown'?'work duration unknown':'work takes '+ind[5])+', appears after '+(ind[6]==null?'0s':ind[6])+', '
        +(ind[3]?'determinate':'indeterminate')+(ind[7].length?', '+ind[7].length+' phases':'')+(ind[8].length?', '+ind[8].length+' later states':'');
        var fig=el('figure');fig.appendChild(chart(ind,th,id+'-c','Timeline of indicator '+name+': '+words));
        fig.appendChild(el('figcaption',null,'Log time axis 10 ms to 1 h; dashed lines are the thresholds; hatched while indeterminate, solid while determinate. The table says the same.'));
        left.appendChild(fig);
        var tb=el('table','timing'),body=el('tbody');tb.appendChild(el('caption',null,'Timing'));
        var rows=[['style',ind[2]],['determinate',ind[3]?'yes':'no'],['presentation',ind[4]],['duration',ind[5]],
        ['show-after',ind[6]==null?'not written (0s)':ind[6]]];
        ind[7].forEach(function(p,k){rows.push(['phase '+(k+1),'',p[0],p[1]?': '+p[1]:''])});
        ind[8].forEach(function(b,k){rows.push(['becomes '+(k+1),'when ',b[0],b[1]?': '+b[1]:''])});
        rows.forEach(function(r){var tr=el('tr'),k=el('th',null,r[0]),td=el('td',null,r[1]);k.scope='row';
        if(r[2])td.appendChild(el('bdi',null,r[2]));if(r[3])td.appendChild(txt(r[3]));tr.appendChild(k);tr.appendChild(td);body.appendChild(tr)});
        tb.appendChild(body);left.appendChild(tb);
        if(ind[10].length)right.appendChild(list(ind[10],findings,'Findings'));else right.appendChild(el('p','muted','No findings.'));
        wrap.appendChild(left);wrap.appendChild(right);return wrap}
        var dlg=$('detail'),body=$('detail-body'),hd=$('detail-h'),opener=null;
        function open(p,s,i){
        var x=head().files[p],y=file(p);if(!x||!y||!dlg)return;
        body.textContent='';hd.textContent=x[0];
        body.appendChild(el('p',null,x[1]+' screens, '+x[2]+' indicators: '+x[3]+' errors, '+x[4]+' warnings, '+x[5]+' infos.'));
        var target=null,findings=y[1];
        y[0].forEach(function(sc,si){
        var th=thresholds()[sc[2]]||['',[]],pl=sc[1]==null?'none':sc[1],div=el('div','screen');div.setAttribute('data-platform',pl);
        var h=el('h3');h.id='d-s'+si;h.tabIndex=-1;h.appendChild(el('bdi',null,sc[0]==null?'(unnamed screen)':sc[0]));h.appendChild(txt(' '));
        h.appendChild(el('span','muted','('+pl+')'));div.appendChild(h);
        div.appendChild(el('p','muted','Thresholds: '+th[0]+'.'));
        if(!sc[3].length)div.appendChild(el('p',null,'No indicators.'));
        sc[3].forEach(function(ind,ii){var box=indicator(ind,si,ii,th[1],findings);div.appendChild(box);if(si===s&&ii===i)target=box.querySelector('h4')});
        if(sc[4].length)div.appendChild(list(sc[4],findings,'Findings about the screen'));
        body.appendChild(div);if(si===s&&!target)target=h});
        if(y[2].length)body.appendChild(list(y[2],findings,y[0].length?'Findings outside the screens':'Findings'));
        if(!dlg.open){opener=doc.activeElement;dlg.showModal()}
        filterIn(body);
        var t=target||hd;t.focus();if(target)t.scrollIntoView({block:'start'});else dlg.scrollTop=0}
        if(dlg){$('close').addEventListener('click',function(){dlg.close()});
        dlg.addEventListener('close',function(){body.textContent='';if(opener&&opener.focus)opener.focus();opener=null})}
        doc.addEventListener('click',function(e){
        if(e.button||e.ctrlKey||e.metaKey||e.shiftKey||e.altKey)return;
        var a=e.target&&e.target.closest?e.target.closest('a'):null;if(!a)return;
        if(a.hasAttribute('data-p')){e.preventDefault();
        open(+a.getAttribute('data-p'),a.hasAttribute('data-s')?+a.getAttribute('data-s'):-1,a.hasAttribute('data-i')?+a.getAttribute('data-i'):-1);return}
        var href=a.getAttribute('href')||'';
        if(href.indexOf('#d-f')===0){var t=$(href.slice(1));if(t){e.preventDefault();t.scrollIntoView({block:'center'});t.focus()}}});
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
