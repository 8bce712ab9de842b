/// The dashboard's style sheet: system fonts, light and dark schemes, no external resources.
enum HTMLDashboardStyles {
    static let css = #"""
        :root{color-scheme:light dark;--bg:#f6f8fa;--fg:#1f2328;--muted:#59636e;--card:#fff;--line:#d1d9e0;--soft:#eef1f4;--accent:#0969da;
        --pass:#1a7f37;--pass-bg:#dafbe1;--fail:#cf222e;--fail-bg:#ffebe9;--warn:#9a6700;--warn-bg:#fff8c5;--flaky:#8250df;--flaky-bg:#fbefff;
        --good:#6fdc8c;--fair:#c6e48b;--weak:#f5c451;--poor:#ff8182;--cat0:#54aeff;--cat1:#ff8182;--cat2:#c297ff;--cat3:#f5c451;--cat4:#4ac26b;--cat5:#ff9f43;--cat6:#e85aad;--cat7:#2dbdb0;--cat8:#9e9e9e;--cat9:#b08800}
        @media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--card:#151b23;--line:#3d444d;--soft:#212830;--accent:#4493f8;
        --pass:#3fb950;--pass-bg:#12261e;--fail:#ff7b72;--fail-bg:#2d1214;--warn:#d29922;--warn-bg:#2e2207;--flaky:#bc8cff;--flaky-bg:#231a36}}
        *{box-sizing:border-box}
        html{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;background:var(--bg);color:var(--fg)}
        body{margin:0}
        code,pre{font-family:ui-monospace,SFMono-Regular,"SF Mono",Menlo,Consolas,"Liberation Mono",monospace;font-size:.86em;unicode-bidi:isolate}
        code{overflow-wrap:anywhere}
        pre{white-space:pre-wrap;overflow-wrap:anywhere;background:var(--soft);padding:.75rem;border-radius:8px;max-height:20rem;overflow:auto}
        a{color:var(--accent)}
        a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,summary:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
        .sr{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
        .skiplink{position:absolute;left:-999px;top:.5rem;background:var(--card);padding:.5rem 1rem;border-radius:6px;z-index:9}
        .skiplink:focus{left:.5rem}
        .top{background:var(--card);border-bottom:1px solid var(--line);padding:1.25rem 2rem .25rem}
        .top h1{margin:0;font-size:1.35rem;font-weight:650;letter-spacing:-.01em}
        .top h1 .logo{color:var(--pass);margin-right:.35rem}
        .meta{display:flex;flex-wrap:wrap;gap:.35rem 1.25rem;color:var(--muted);font-size:.9rem;margin:.35rem 0 .75rem;padding:0;list-style:none}
        [role=tablist]{display:flex;gap:.25rem;overflow-x:auto}
        [role=tab]{font:inherit;background:none;border:0;border-bottom:3px solid transparent;padding:.55rem .9rem;color:var(--muted);cursor:pointer;border-radius:6px 6px 0 0}
        [role=tab]:hover{color:var(--fg);background:var(--soft)}
        [role=tab][aria-selected=true]{color:var(--fg);border-bottom-color:var(--accent);font-weight:600}
        main{max-width:1400px;margin:0 auto;padding:1.5rem 2rem 3rem}
        h2{font-size:1.25rem;margin:.25rem 0 1rem;font-weight:650}
        h3{font-size:1.02rem;margin:2rem 0 .75rem;font-weight:650}
        .count{display:inline-block;min-width:1.6rem;padding:0 .45rem;border-radius:999px;background:var(--soft);color:var(--muted);font-size:.8rem;font-weight:600;text-align:center;vertical-align:middle}
        .lede,.muted,.more{color:var(--muted)}
        .more{font-size:.9rem}
        .empty{color:var(--muted);background:var(--card);border:1px dashed var(--line);border-radius:10px;padding:1rem}
        .status{display:flex;gap:1rem;align-items:center;padding:1rem 1.25rem;border-radius:12px;margin-bottom:1.25rem;border:1px solid}
        .status strong{display:block;font-size:1.15rem}
        .status-icon{font-size:1.6rem;width:2.5rem;height:2.5rem;display:grid;place-items:center;border-radius:50%;color:#fff}
        .status.passed{background:var(--pass-bg);border-color:var(--pass)}.status.passed .status-icon{background:var(--pass)}
        .status.failed{background:var(--warn-bg);border-color:var(--warn)}.status.failed .status-icon{background:var(--warn)}
        .status.gateFailed,.status.testsFailed,.status.notJudged{background:var(--fail-bg);border-color:var(--fail)}.status.gateFailed .status-icon,.status.testsFailed .status-icon,.status.notJudged .status-icon{background:var(--fail)}
        .kpis{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(190px,1fr));gap:.75rem}
        .kpi{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:.8rem 1rem;display:flex;flex-direction:column;gap:.1rem}
        .kpi-label{color:var(--muted);font-size:.85rem}
        .kpi-value{font-size:1.6rem;font-weight:650;font-variant-numeric:tabular-nums;letter-spacing:-.02em}
        .kpi-change{font-size:.85rem;font-variant-numeric:tabular-nums}
        .kpi-change small{color:var(--muted)}
        .better{color:var(--pass)}.worse{color:var(--fail)}.neutral{color:var(--muted)}
        .spark{color:var(--accent);margin-top:.3rem}
        table.grid{width:100%;border-collapse:separate;border-spacing:0;background:var(--card);border:1px solid var(--line);border-radius:10px;overflow:hidden;font-size:.9rem}
        .grid th,.grid td{padding:.5rem .7rem;text-align:left;vertical-align:top;border-bottom:1px solid var(--line)}
        .grid tr:last-child td{border-bottom:0}
        .grid th{background:var(--soft);font-weight:600;font-size:.82rem;color:var(--muted);white-space:nowrap}
        .grid .n{text-align:right;font-variant-numeric:tabular-nums}
        .grid.compact{width:auto;min-width:24rem}
        ul.failing{list-style:none;margin:0;padding:0;display:grid;gap:.6rem}
        li.failure{background:var(--card);border:1px solid var(--line);border-left:4px solid var(--fail);border-radius:10px;padding:.7rem 1rem}
        li.failure p{margin:.3rem 0 0}.f-head{display:flex;flex-wrap:wrap;align-items:baseline;gap:.3rem .8rem;font-weight:600}.f-head code{font-size:.92em}
        .f-icon{color:var(--fail)}.f-at,.f-shot{font-weight:400;font-size:.9rem}.f-fix{display:block;color:var(--muted)}.own-words{font-style:italic}.f-fix strong{color:var(--fg);font-weight:600}.owner{padding:0 .35rem;border-radius:4px;background:var(--soft);border:1px solid var(--line)}
        ul.flaky-list{list-style:none;margin:0;padding:0;background:var(--card);border:1px solid var(--line);border-radius:10px}
        ul.flaky-list li{padding:.5rem .8rem;border-bottom:1px solid var(--line)}ul.flaky-list li:last-child{border-bottom:0}
        .history{display:inline-flex;flex-wrap:wrap;align-items:center;gap:.1rem .4rem;font-size:.82rem;margin-left:.4rem}.strip{display:inline-flex;gap:2px;vertical-align:middle}
        .hs{display:inline-block;width:7px;height:8px;margin-top:6px;border-radius:2px;background:var(--pass)}.hs.f{background:var(--fail);height:14px;margin-top:0}
        .hs.k{background:linear-gradient(var(--fail) 50%,var(--pass) 50%);height:14px;margin-top:0}.hs.s{background:none;border:1px solid var(--muted)}.since{color:var(--muted)}.to-flaky{font-size:.8rem}
        .chip.new{background:var(--warn-bg);color:var(--warn);font-weight:600}
        #t-table td:first-child{min-width:20rem}
        details.classes{margin:.25rem 0 1rem}
        button.disclose{font:inherit;border:0;background:none;color:var(--accent);cursor:pointer;padding:0 .35rem 0 0}
        tr.detail>td{background:var(--soft)}tr.detail pre{margin:.3rem 0;background:var(--card)}tr.detail .attempt{margin:.4rem 0 .2rem}
        ol.steps{list-style:none;margin:.3rem 0;padding:0;font-size:.85rem}ol.steps li{padding:.1rem 0}ol.steps li.failed{color:var(--fail);font-weight:600}
        ol.steps .at{display:inline-block;min-width:3.5em;color:var(--muted);font-variant-numeric:tabular-nums}
        .files{display:flex;flex-wrap:wrap;gap:.4rem;margin:.3rem 0}img.thumb{max-width:160px;max-height:160px;border:1px solid var(--line);cursor:zoom-in}
        img.thumb.big{max-width:100%;max-height:none;cursor:zoom-out}a.file{font-size:.85rem}
        .msg{overflow-wrap:anywhere;max-width:48rem;unicode-bidi:isolate}
        td{unicode-bidi:isolate}
        .scroll{overflow-x:auto}
        .chip{display:inline-flex;gap:.25rem;align-items:center;padding:.05rem .55rem;border-radius:999px;font-size:.8rem;background:var(--soft);white-space:nowrap;border:1px solid var(--line)}
        .chip.pass{color:var(--pass);background:var(--pass-bg);border-color:transparent}
        .chip.fail{color:var(--fail);background:var(--fail-bg);border-color:transparent}
        .chip.warn{color:var(--warn);background:var(--warn-bg);border-color:transparent}
        .chip.flaky{color:var(--flaky);background:var(--flaky-bg);border-color:transparent}
        .chip.decl{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.75rem}
        .chip.skip{color:var(--muted)}
        .chip.quarantine{color:var(--muted);white-space:normal;display:inline-block;border-radius:8px}
        .btn,.sort{font:inherit;cursor:pointer}
        .btn{background:var(--card);color:var(--fg);border:1px solid var(--line);border-radius:8px;padding:.35rem .8rem}
        .btn:hover{background:var(--soft)}.btn:disabled{opacity:.45;cursor:default}
        .tools{display:flex;gap:.5rem;margin-bottom:.75rem}
        .tree,.tree ul{list-style:none;margin:0;padding:0}
        .tree ul{padding-left:1.25rem;border-left:1px solid var(--line);margin-left:.6rem}
        .tree{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:.5rem}
        .node{display:grid;grid-template-columns:minmax(14rem,1.4fr) minmax(12rem,1fr) 2fr;gap:.75rem;align-items:center;padding:.2rem .4rem;border-radius:6px}
        .node:hover{background:var(--soft)}
        .twisty,.leaf{font:inherit;color:inherit;background:none;border:0;padding:.15rem .2rem;text-align:left;cursor:pointer;display:flex;gap:.35rem;align-items:center;min-width:0}
        .leaf{cursor:default}
        .chev{display:inline-block;width:1rem;color:var(--muted);transition:transform .12s}
        .twisty[aria-expanded=true] .chev{transform:rotate(90deg)}
        .cov{display:flex;align-items:center;gap:.5rem;font-variant-numeric:tabular-nums;font-size:.85rem}
        .bar{display:inline-block;width:7rem;height:.5rem;border-radius:999px;background:var(--soft);overflow:hidden;border:1px solid var(--line);flex:none}
        .bar>span{display:block;height:100%}
        .bar.good>span,.swatch.good,.tm.good{background:var(--good);fill:var(--good)}
        .bar.fair>span,.swatch.fair,.tm.fair{background:var(--fair);fill:var(--fair)}
        .bar.weak>span,.swatch.weak,.tm.weak{background:var(--weak);fill:var(--weak)}
        .bar.poor>span,.swatch.poor,.tm.poor{background:var(--poor);fill:var(--poor)}
        .badges{display:flex;gap:.35rem;flex-wrap:wrap}
        .treemap{width:100%;height:auto;background:var(--card);border:1px solid var(--line);border-radius:10px}
        .tm{stroke:var(--card);stroke-width:1}
        .tm-label{font-size:11px;fill:#1f2328;pointer-events:none}
        .tm-root{font-size:12px;font-weight:600;fill:var(--fg)}
        .legend{display:flex;flex-wrap:wrap;gap:.4rem 1rem;list-style:none;padding:0;margin:.5rem 0;font-size:.85rem;color:var(--muted)}
        .swatch{display:inline-block;width:.8rem;height:.8rem;border-radius:3px;margin-right:.35rem;vertical-align:-1px}
        .card{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:.8rem 1rem;margin-bottom:.75rem}
        .card header{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
        .card .big{font-size:1.15rem;font-weight:650;font-variant-numeric:tabular-nums}
        .card .msg{margin:.5rem 0}
        .tests{margin:.25rem 0;padding-left:1.1rem}
        .subnav{display:flex;gap:1rem;margin-bottom:.5rem}
        .score{display:flex;align-items:center;gap:.4rem;font-variant-numeric:tabular-nums}
        .score .bar{width:3.5rem}
        .screen{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:.6rem .9rem;margin-bottom:.5rem}
        .screen summary{cursor:pointer}
        .screen table{margin-top:.5rem}
        .controls{display:flex;flex-wrap:wrap;gap:.75rem;align-items:end;margin-bottom:.5rem}
        .controls label{display:flex;flex-direction:column;font-size:.8rem;color:var(--muted);gap:.2rem}
        .controls input,.controls select{font:inherit;color:var(--fg);background:var(--card);border:1px solid var(--line);border-radius:8px;padding:.4rem .6rem;min-width:11rem}
        .controls input{min-width:22rem}
        .sort{background:none;border:0;color:inherit;font-weight:600;padding:0;display:inline-flex;gap:.25rem}
        th[aria-sort=ascending] .arrow::after{content:"▲"}th[aria-sort=descending] .arrow::after{content:"▼"}
        .pager{display:flex;gap:1rem;align-items:center;justify-content:flex-end;margin-top:.75rem}
        .charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(420px,1fr));gap:1rem}
        .panel{margin:0;background:var(--card);border:1px solid var(--line);border-radius:12px;padding:.75rem 1rem}
        .panel figcaption{font-weight:600;margin-bottom:.25rem}
        .charts+details{margin-top:1rem}
        .chart{width:100%;height:auto}
        .axis{stroke:var(--line)}.tick{font-size:11px;fill:var(--muted)}
        .series{stroke:var(--accent);stroke-width:2}.dot{fill:var(--accent)}
        .cat0{fill:var(--cat0);background:var(--cat0)}.cat1{fill:var(--cat1);background:var(--cat1)}.cat2{fill:var(--cat2);background:var(--cat2)}
        .cat3{fill:var(--cat3);background:var(--cat3)}.cat4{fill:var(--cat4);background:var(--cat4)}.cat5{fill:var(--cat5);background:var(--cat5)}
        .cat6{fill:var(--cat6);background:var(--cat6)}.cat7{fill:var(--cat7);background:var(--cat7)}.cat8{fill:var(--cat8);background:var(--cat8)}.cat9{fill:var(--cat9);background:var(--cat9)}
        footer{color:var(--muted);font-size:.85rem;text-align:center;padding:1rem 2rem 2rem}
        #canopy-selftest{display:none}
        @media (max-width:800px){main,.top{padding-left:1rem;padding-right:1rem}.node{grid-template-columns:1fr}.controls input{min-width:0}}
        @media (prefers-reduced-motion:reduce){*{transition:none!important}}
        """#
}
