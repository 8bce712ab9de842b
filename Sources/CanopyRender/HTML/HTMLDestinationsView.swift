/// The destinations view of a run on several destinations: each destination's counts, and the
/// destination × test matrix (a test's state on each destination, and the line rolling them up).
///
/// The matrix is drawn by its own script (`script`) from embedded JSON (`Data`), one page of rows
/// at a time, tests that differ between destinations first, so 20 destinations × 5,000 tests stay
/// fast. Its styles and script are on the page only when the view is, so a page of a run on one
/// destination is unchanged.
enum HTMLDestinationsView {
    /// One letter per state in the embedded data; `-` where the test did not run, `.` where its
    /// suite did not run at all (`DashboardDestinations.Test.suiteAbsent`).
    static func letter(_ state: DashboardDestinations.State) -> Character {
        switch state {
        case .newFailure: "N"
        case .stillFailing: "F"
        case .excused: "E"
        case .passedOnRetry: "R"
        case .flaky: "K"
        case .passed: "P"
        case .skipped: "S"
        }
    }

    /// The matrix's data: `{"d": [label, …], "t": [[test, line, letters, {position: since}], …]}`,
    /// one letter per destination in `letters` (`letter`, `-` or `.`).
    struct Data: Encodable {
        var d: [String]
        var t: [Row]

        init(_ destinations: DashboardDestinations) {
            d = destinations.destinations.map { DisplayText.line($0, limit: 120) }
            let count = d.count
            t = destinations.tests.map { test in
                var letters = [Character](repeating: "-", count: count)
                for position in test.suiteAbsent where position >= 0 && position < count { letters[position] = "." }
                var since: [(Int, String)] = []
                for cell in test.cells where cell.destination >= 0 && cell.destination < count {
                    letters[cell.destination] = letter(cell.state)
                    if let commit = cell.since {
                        since.append((cell.destination, DisplayText.line(String(commit.prefix(12)))))
                    }
                }
                return Row(
                    test: DisplayText.line(test.test, limit: 400), line: DisplayText.line(test.line, limit: 600),
                    letters: String(letters), since: since)
            }
        }

        struct Row: Encodable {
            var test: String
            var line: String
            var letters: String
            var since: [(Int, String)]

            func encode(to encoder: any Encoder) throws {
                var container = encoder.unkeyedContainer()
                try container.encode(test)
                try container.encode(line)
                try container.encode(letters)
                var commits = container.nestedContainer(keyedBy: Position.self)
                for (position, commit) in since { try commits.encode(commit, forKey: Position(intValue: position)) }
            }
        }

        /// A destination's position as a JSON object key.
        struct Position: CodingKey {
            var stringValue: String
            var intValue: Int?
            init(intValue: Int) {
                self.intValue = intValue
                stringValue = String(intValue)
            }
            /// Only encoded: no key is read back.
            init?(stringValue: String) { nil }
        }
    }

    /// The view: counts by destination and what they leave out, a legend, the filters and the
    /// matrix's empty table; `window` names the runs a test's state is over.
    static func render(_ destinations: DashboardDestinations, window: DashboardHistoryWindow? = nil) -> String {
        let labels = destinations.destinations
        var out = "<style>\(css)</style>"
        out += "<h2>Destinations <span class=\"count\">\(Format.count(labels.count))</span></h2>"
        let over = window.map { HTMLText.escape($0.phrase) } ?? "the history window"
        out +=
            "<p class=\"lede\">Each test's state on each destination (device and configuration) of this run, with its state across \(over). Tests whose result differs between destinations come first; a suite that did not run on a destination at all is no difference there.</p>"
        out += byDestination(destinations)
        out += "<h3 id=\"d-matrix\">By test</h3><ul class=\"legend\" aria-label=\"What the cells say\">"
        for (mark, text, style) in [
            ("✗", "new failure", "fail"), ("✗", "failing since a commit", "fail"), ("✗", "failing, excused", "fail"),
            ("↻", "passed on retry", "flaky"), ("≈", "flaky in history", "flaky"), ("✓", "passed", "pass"),
            ("⊘", "skipped", "skip"), ("–", "did not run there", "none"), ("·", "its suite did not run there", "none"),
        ] {
            out += "<li class=\"m \(style)\"><span aria-hidden=\"true\">\(mark)</span> \(text)</li>"
        }
        out += "</ul>"
        out += "<form class=\"controls\" role=\"search\" id=\"d-form\" aria-controls=\"d-table\">"
        out +=
            "<label>Search<input id=\"d-q\" type=\"search\" placeholder=\"Test\" autocomplete=\"off\" spellcheck=\"false\"></label>"
        out += "<label>Show<select id=\"d-show\">"
        out += "<option value=\"differ\" selected>Tests that differ between destinations</option>"
        out +=
            "<option value=\"failing\">Tests failing on a destination</option><option value=\"all\">All tests</option>"
        out += "<option value=\"classes\">Classes, their tests counted</option>"
        out += "</select></label></form>"
        out += "<p id=\"d-count\" class=\"muted\" aria-live=\"polite\"></p>"
        out += "<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-labelledby=\"d-matrix\">"
        out += "<table class=\"grid matrix\" id=\"d-table\"><thead><tr><th scope=\"col\" id=\"d-first\">Test</th>"
        for label in labels { out += "<th scope=\"col\">\(HTMLText.escape(label, limit: 120))</th>" }
        out += "<th scope=\"col\">Across destinations</th></tr></thead><tbody id=\"d-body\"></tbody></table></div>"
        out +=
            "<nav class=\"pager\" aria-label=\"Matrix pages\"><button type=\"button\" class=\"btn\" id=\"d-prev\">← Previous</button>"
        out +=
            "<span id=\"d-page\" class=\"muted\"></span><button type=\"button\" class=\"btn\" id=\"d-next\">Next →</button></nav>"
        out += "<pre id=\"canopy-selftest-destinations\" aria-hidden=\"true\"></pre>"
        return out
    }

    /// Each destination's tests by state: where a run's failures are. A destination's tests that
    /// did not run are those of the suites it ran that it did not run; then how the destinations'
    /// tests add up to the run's.
    private static func byDestination(_ destinations: DashboardDestinations) -> String {
        let labels = destinations.destinations
        var counts = [[DashboardDestinations.State: Int]](repeating: [:], count: labels.count)
        var ran = [Int](repeating: 0, count: labels.count)
        var suiteAbsent = [Int](repeating: 0, count: labels.count)
        for test in destinations.tests {
            for cell in test.cells where cell.destination >= 0 && cell.destination < labels.count {
                counts[cell.destination][cell.state, default: 0] += 1
                ran[cell.destination] += 1
            }
            for position in test.suiteAbsent where position >= 0 && position < labels.count {
                suiteAbsent[position] += 1
            }
        }
        let total = destinations.tests.count
        var out =
            "<div class=\"scroll\"><table class=\"grid compact\"><thead><tr><th scope=\"col\">Destination</th><th scope=\"col\" class=\"n\">Tests</th>"
        out +=
            "<th scope=\"col\" class=\"n\">Failed</th><th scope=\"col\" class=\"n\">New failures</th><th scope=\"col\" class=\"n\">Passed on retry</th>"
        out +=
            "<th scope=\"col\" class=\"n\">Skipped</th><th scope=\"col\" class=\"n\">Did not run</th></tr></thead><tbody>"
        for (index, label) in labels.enumerated() {
            let count = counts[index]
            let failed = (count[.newFailure] ?? 0) + (count[.stillFailing] ?? 0) + (count[.excused] ?? 0)
            out += "<tr><th scope=\"row\">\(HTMLText.escape(label, limit: 120))</th>"
            for value in [
                ran[index], failed, count[.newFailure] ?? 0, count[.passedOnRetry] ?? 0, count[.skipped] ?? 0,
                total - ran[index] - suiteAbsent[index],
            ] {
                out += "<td class=\"n\">\(Format.count(value))</td>"
            }
            out += "</tr>"
        }
        out += "</tbody></table></div>"
        return out + addUp(destinations, ran: ran)
    }

    /// How the destinations' tests add up to the run's: `Of this run's 298 tests, 60 ran on a named
    /// destination: 18 on A, 42 on B. The other 238 tests name no device and are not in this view.`
    private static func addUp(_ destinations: DashboardDestinations, ran: [Int]) -> String {
        guard let runTests = destinations.runTests else { return "" }
        let placed = ran.reduce(0, +)
        let each =
            destinations.destinations.count <= DashboardDestinations.namedInSum
            ? ": "
                + zip(ran, destinations.destinations).map {
                    "\(Format.count($0)) on \(HTMLText.escape($1, limit: 120))"
                }
                .joined(separator: ", ") : ", counted by destination above"
        let rest = runTests - placed
        let other =
            rest == 0
            ? " Every test of the run names its destination."
            : " The other \(Format.plural(rest, "test")) name\(rest == 1 ? "s" : "") no device and \(rest == 1 ? "is" : "are") not in this view."
        return
            "<p class=\"muted\">Of this run's \(Format.plural(runTests, "test")), \(Format.count(placed)) ran on a named destination\(each).\(other)</p>"
    }

    /// The view's own styles, in the page's colours.
    static let css =
        ".legend{list-style:none;display:flex;flex-wrap:wrap;gap:.3rem .9rem;padding:0;margin:.4rem 0;font-size:.85rem}"
        + ".matrix th,.matrix td{font-size:.8rem}.matrix thead th{vertical-align:bottom;min-width:5.5rem}"
        + ".matrix tbody th{font-weight:400;text-align:left}.matrix td.m{white-space:nowrap}"
        + ".m.fail{color:var(--fail);background:var(--fail-bg)}.m.flaky{color:var(--flaky);background:var(--flaky-bg)}"
        + ".m.pass{color:var(--pass)}.m.skip,.m.none{color:var(--muted)}.legend .m{padding:.05rem .4rem;border-radius:6px}"
        + ".f-dest{font-weight:600}"

    /// The matrix: rows from `#canopy-destinations`, only the current page in the DOM; filters by
    /// search and by what to show; the self-test (`#canopy-selftest`) records when the first page
    /// was drawn and whether filtering and paging work.
    static let script = #"""
        (function(){'use strict';
        var $=function(id){return document.getElementById(id)};var fmt=function(n){return n.toLocaleString('en-US')};
        var node=$('canopy-destinations'),body=$('d-body');if(!node||!body)return;var D=JSON.parse(node.textContent);
        var M={N:['✗','new failure','fail'],F:['✗','failing','fail'],E:['✗','failing, excused','fail'],R:['↻','passed on retry','flaky'],
        K:['≈','flaky','flaky'],P:['✓','passed','pass'],S:['⊘','skipped','skip'],'-':['–','did not run there','none'],'.':['·','its suite did not run there','none']};
        function vis(v){return v.replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g,function(ch){return '\\u{'+ch.charCodeAt(0).toString(16).toUpperCase()+'}'})}
        function el(tag,cls,txt){var e=document.createElement(tag);if(cls)e.className=cls;if(txt!=null)e.textContent=txt;return e}
        /* A destination that ran none of the test's suite ('.') is no difference. */
        function differs(c){var f=null;for(var k=0;k<c.length;k++){var x=c.charAt(k);if(x==='.')continue;if(f===null)f=x;else if(x!==f)return true}return false}
        function failing(c){return /[NFE]/.test(c)}
        /* Failing somewhere first, then differing, then the rest, each in the run's order. */
        var order=[];for(var p=0;p<3;p++)for(var i=0;i<D.t.length;i++){var c=D.t[i][2];var g=failing(c)?0:differs(c)?1:2;if(g===p)order.push(i)}
        var st={q:'',show:'differ',page:0,size:50},view=[];
        /* Classes: per destination, how many of a class's tests failed, were retried, skipped or did not run there (none where the class did not run). */
        var C=null;function classes(){if(C)return C;C=[];var at={},n=D.d.length;
        for(var p=0;p<order.length;p++){var r=D.t[order[p]],k=r[0],cut=k.indexOf('/'),name=cut<0?k:k.slice(0,cut),x=at[name];
        if(x===undefined){x=at[name]=C.length;C.push({n:name,t:0,bad:0,f:new Array(n).fill(0),r:new Array(n).fill(0),s:new Array(n).fill(0),a:new Array(n).fill(0),o:new Array(n).fill(0)})}
        var g=C[x],c=r[2];g.t++;if(failing(c))g.bad++;
        for(var j=0;j<n;j++){var ch=c.charAt(j)||'-';if('NFE'.indexOf(ch)>=0)g.f[j]++;else if(ch==='R')g.r[j]++;else if(ch==='S')g.s[j]++;else if(ch==='-')g.a[j]++;else if(ch==='.')g.o[j]++}}
        return C}
        function apply(){var q=st.q.toLowerCase().trim();view=[];
        if(st.show==='classes'){var all=classes();for(var m=0;m<all.length;m++)if(!q||all[m].n.toLowerCase().indexOf(q)>=0)view.push(m);
        view.sort(function(a,b){return(all[b].bad>0)-(all[a].bad>0)||a-b})}else
        for(var n=0;n<order.length;n++){var i=order[n],r=D.t[i],c=r[2];
        if(st.show==='differ'&&!differs(c))continue;if(st.show==='failing'&&!failing(c))continue;if(q&&r[0].toLowerCase().indexOf(q)<0)continue;view.push(i)}
        st.page=0;draw()}
        function cell(tr,j,cls,mark,txt){var c=el('td','m '+cls);c.title=D.d[j]+': '+txt;var sym=el('span',null,mark);sym.setAttribute('aria-hidden','true');
        c.appendChild(sym);c.appendChild(document.createTextNode(' '+txt));tr.appendChild(c)}
        function head(tr,text){var th=el('th');th.scope='row';th.appendChild(el('code',null,vis(text)));tr.appendChild(th)}
        function classRow(g){var tr=el('tr');head(tr,g.n);
        for(var j=0;j<D.d.length;j++){var ran=g.t-g.a[j]-g.o[j],rest=(g.s[j]?', '+fmt(g.s[j])+' skipped':'')+(g.a[j]?', '+fmt(g.a[j])+' not run':'');
        if(g.f[j])cell(tr,j,'fail','✗',fmt(g.f[j])+' of '+fmt(ran)+' failed'+rest);else if(g.r[j])cell(tr,j,'flaky','↻',fmt(g.r[j])+' of '+fmt(ran)+' passed on retry'+rest);
        else if(!ran&&g.o[j])cell(tr,j,'none','·','the class did not run there');else if(!ran)cell(tr,j,'none','–','did not run there');else cell(tr,j,'pass','✓',fmt(ran-g.s[j])+' passed'+rest)}
        tr.appendChild(el('td','msg',fmt(g.t)+' tests'+(g.bad?', '+fmt(g.bad)+' failing on a destination':'')));return tr}
        function draw(){var s=st.page*st.size,e=Math.min(view.length,s+st.size),f=document.createDocumentFragment(),byClass=st.show==='classes';
        $('d-first').textContent=byClass?'Class':'Test';
        for(var k=s;k<e;k++){if(byClass){f.appendChild(classRow(C[view[k]]));continue}
        var r=D.t[view[k]],tr=el('tr');head(tr,r[0]);
        for(var j=0;j<D.d.length;j++){var ch=r[2].charAt(j)||'-',m=M[ch]||M['-'],since=r[3][j];
        cell(tr,j,m[2],m[0],m[1]+(since&&'NFE'.indexOf(ch)>=0?' since '+since:''))}
        tr.appendChild(el('td','msg',vis(r[1])));f.appendChild(tr)}
        body.replaceChildren(f);var pages=Math.max(1,Math.ceil(view.length/st.size)),total=byClass?C.length:D.t.length,what=byClass?' classes':' tests';
        $('d-count').textContent=view.length?('Showing '+fmt(s+1)+'–'+fmt(e)+' of '+fmt(view.length)+what+(view.length<total?' (of '+fmt(total)+')':'')):
        (st.show==='differ'&&!st.q?'Every test has the same result on every destination.':'No test matches.');
        $('d-page').textContent='Page '+fmt(st.page+1)+' of '+fmt(pages);$('d-prev').disabled=st.page===0;$('d-next').disabled=st.page>=pages-1}
        var timer=null,q=$('d-q'),show=$('d-show');
        q.addEventListener('input',function(){st.q=q.value;clearTimeout(timer);timer=setTimeout(apply,150)});
        $('d-form').addEventListener('submit',function(e){e.preventDefault();clearTimeout(timer);apply()});
        show.addEventListener('change',function(){st.show=show.value;apply()});
        $('d-prev').addEventListener('click',function(){if(st.page>0){st.page--;draw()}});
        $('d-next').addEventListener('click',function(){if((st.page+1)*st.size<view.length){st.page++;draw()}});
        apply();var painted=performance.now();
        if(location.hash!=='#canopy-selftest')return;
        var v={tti:painted,rows:D.t.length,checks:{}};
        try{var first=body.rows[0];v.shown=view.length;
        v.checks.drawn=!!first&&first.cells.length===D.d.length+2&&first.cells[0].tagName==='TH';
        v.checks.differFirst=view.every(function(i){return differs(D.t[i][2])});
        show.value='all';show.dispatchEvent(new Event('change'));v.checks.showAll=view.length===D.t.length&&body.rows.length===Math.min(st.size,D.t.length);
        var term=D.t[D.t.length-1][0];q.value=term;q.dispatchEvent(new Event('input'));clearTimeout(timer);apply();
        v.checks.search=view.length>=1&&body.rows[0].cells[0].textContent.indexOf(term)>=0;
        q.value='';st.q='';show.value='failing';show.dispatchEvent(new Event('change'));
        v.checks.failing=view.every(function(i){return failing(D.t[i][2])})&&(view.length===0||body.rows[0].textContent.indexOf('✗')>=0);
        show.value='all';show.dispatchEvent(new Event('change'));if(view.length>st.size){$('d-next').click();v.checks.pages=st.page===1&&body.rows.length>0}
        show.value='classes';show.dispatchEvent(new Event('change'));var cr=body.rows[0];
        v.checks.classes=view.length>0&&view.length<D.t.length&&!!cr&&cr.cells.length===D.d.length+2&&cr.cells[0].textContent.indexOf('/')<0&&$('d-first').textContent==='Class';
        show.value='differ';show.dispatchEvent(new Event('change'))}catch(e){v.exception=String(e&&e.stack||e)}
        $('canopy-selftest-destinations').textContent=JSON.stringify(v)})();
        """#
}
