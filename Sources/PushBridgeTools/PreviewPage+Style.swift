import PushBridge

extension PreviewPage {
    /// The page's only style: a constant, so no input ever reaches a style context.
    static let styleSheet: StaticString = """
        :root { color-scheme: light; }
        * { box-sizing: border-box; }
        body { margin: 0; padding: 28px 32px 40px; background: #f2f2f7; color: #1c1c1e;
          font: 14px/1.4 -apple-system, "SF Pro Text", "Helvetica Neue", "Noto Sans", "DejaVu Sans", Arial,
          sans-serif; }
        bdi { unicode-bidi: isolate; }
        code { font: 12px/1.4 ui-monospace, "SF Mono", Menlo, "DejaVu Sans Mono", monospace; overflow-wrap: anywhere; }
        .page-header h1 { margin: 0 0 4px; font-size: 22px; font-weight: 700; letter-spacing: -0.01em; }
        .page-note { margin: 0 0 22px; color: #6e6e73; font-size: 13px; max-width: 1100px; }
        .payload { margin-bottom: 36px; }
        .payload-label { margin: 0 0 14px; font-size: 16px; font-weight: 600; overflow-wrap: anywhere; }
        .payload-label .source { color: #6e6e73; font-weight: 400; }
        .payload.error { background: #fff; border-left: 4px solid #ff3b30; border-radius: 12px; padding: 14px 18px; }
        .error-message { margin: 0; color: #c41e16; overflow-wrap: anywhere; }
        .columns { display: grid; grid-template-columns: repeat(auto-fill, minmax(290px, 1fr)); gap: 18px;
          align-items: start; }
        .vendor { background: #fff; border-radius: 20px; padding: 16px; box-shadow: 0 1px 3px rgba(0,0,0,.08),
          0 8px 24px rgba(0,0,0,.05); min-width: 0; }
        .vendor-name { display: flex; justify-content: space-between; align-items: baseline; margin: 0 0 12px;
          font-size: 17px; font-weight: 700; }
        .loss-count { font-size: 12px; font-weight: 600; color: #c41e16; background: #ffecea; border-radius: 10px;
          padding: 2px 8px; }
        .loss-count.none { color: #1d7a35; background: #e6f6ea; }
        h4 { margin: 14px 0 6px; font-size: 11px; font-weight: 600; text-transform: uppercase; letter-spacing: .06em;
          color: #8e8e93; }
        .wallpaper { background: linear-gradient(160deg, #5b7bd5 0%, #3b4c9a 45%, #1f2452 100%); border-radius: 16px;
          padding: 14px 10px; }
        .banner { display: flex; gap: 10px; align-items: flex-start; background: rgba(246,246,248,.93);
          border-radius: 16px; padding: 10px 12px; box-shadow: 0 2px 10px rgba(0,0,0,.18); }
        .banner.silent { opacity: .55; }
        .app-icon { position: relative; flex: none; width: 38px; height: 38px; border-radius: 9px;
          background: linear-gradient(135deg, #ff9f0a, #ff375f); }
        .badge { position: absolute; top: -7px; right: -7px; min-width: 20px; height: 20px; padding: 0 6px;
          border-radius: 10px; background: #ff3b30; color: #fff; font-size: 12px; font-weight: 600; line-height: 20px;
          text-align: center; border: 2px solid rgba(246,246,248,.93); max-width: 56px; overflow: hidden;
          white-space: nowrap; text-overflow: ellipsis; }
        .banner-text { flex: 1; min-width: 0; }
        .app-row { display: flex; justify-content: space-between; font-size: 12px; color: #6e6e73; }
        .app-name { text-transform: uppercase; letter-spacing: .02em; }
        .title, .subtitle, .body { margin: 0; font-size: 14px; overflow-wrap: anywhere; }
        .title { font-weight: 600; }
        .subtitle { font-weight: 500; }
        .banner .body { display: -webkit-box; -webkit-line-clamp: 4; -webkit-box-orient: vertical; overflow: hidden; }
        .silent-note { margin: 2px 0; font-size: 13px; color: #3a3a3c; }
        .thumbnail { flex: none; width: 40px; height: 40px; border-radius: 8px; object-fit: cover; }
        .image-placeholder { display: flex; flex-direction: column; justify-content: center; gap: 2px;
          background: repeating-linear-gradient(45deg, #e5e5ea, #e5e5ea 6px, #efeff4 6px, #efeff4 12px);
          color: #48484a; overflow: hidden; }
        .thumbnail.image-placeholder { padding: 3px; }
        .thumbnail.image-placeholder .placeholder-label { font-size: 8px; line-height: 1.1; text-align: center; }
        .thumbnail.image-placeholder .url { display: none; }
        .expanded { background: #d1d1d6; border-radius: 16px; padding: 10px; }
        .expanded-card { background: #fbfbfd; border-radius: 14px; overflow: hidden; }
        .hero { display: block; width: 100%; aspect-ratio: 16 / 9; object-fit: cover; }
        .hero.image-placeholder { display: flex; align-items: center; padding: 10px; text-align: center; }
        .hero .placeholder-label { font-size: 12px; font-weight: 600; }
        .hero .url, .link { font: 11px/1.35 ui-monospace, "DejaVu Sans Mono", monospace; overflow-wrap: anywhere; }
        .expanded-text { padding: 10px 12px; }
        .body.full { white-space: pre-wrap; }
        .actions { list-style: none; margin: 8px 0 0; padding: 0; border-radius: 14px; overflow: hidden;
          background: #fbfbfd; }
        .action { padding: 11px 14px; border-top: 1px solid #e5e5ea; font-size: 15px; color: #1c1c1e; }
        .action:first-child { border-top: 0; }
        .action.destructive .action-title { color: #ff3b30; }
        .action.ghost { background: #fff6f5; }
        .sent-title { display: block; font-size: 11.5px; color: #8e8e93; }
        .action-loss { padding: 0 10px 8px; }
        .text-field { display: flex; gap: 6px; margin-top: 8px; align-items: center; }
        .text-field input { flex: 1; min-width: 0; font: inherit; font-size: 13px; padding: 6px 10px;
          border: 1px solid #c7c7cc; border-radius: 16px; background: #fff; }
        .text-field .send { color: #0a84ff; font-size: 13px; font-weight: 600; }
        .note { margin: 8px 2px 0; font-size: 12px; color: #3a3a3c; }
        .lost { margin: 6px 0 2px; padding: 5px 8px; border: 1px dashed #ff3b30; border-radius: 8px;
          background: #fff1f0; color: #8a1c14; font-size: 12px; line-height: 1.35; overflow-wrap: anywhere; }
        .lost-mark { font-weight: 700; color: #d70015; margin-right: 6px; white-space: nowrap; }
        .lost-path { margin-right: 6px; }
        .lost-value { display: block; color: #3a3a3c; }
        .lost-reason { display: block; color: #8e8e93; }
        .details { font-size: 13px; }
        .category { overflow-wrap: anywhere; }
        .category-actions { margin: 4px 0 0; padding-left: 18px; }
        .muted { color: #8e8e93; }
        .sound { margin: 6px 0 0; }
        .taps { margin: 0; padding-left: 18px; }
        .tap { margin-bottom: 8px; }
        .tap-name { font-weight: 600; }
        .effects { list-style: none; margin: 3px 0 0; padding: 0; }
        .effect { margin: 2px 0; overflow-wrap: anywhere; }
        .effect-kind { display: inline-block; min-width: 52px; margin-right: 6px; padding: 0 5px; border-radius: 5px;
          font-size: 10px; font-weight: 700; text-transform: uppercase; text-align: center; background: #e5e5ea;
          color: #3a3a3c; }
        .receipt .effect-kind { background: #e3f0ff; color: #0050b3; }
        .named-action .effect-kind { background: #f1e6ff; color: #6b2fb3; }
        .route .effect-kind { background: #e6f6ea; color: #1d7a35; }
        .route.rejected .effect-kind { background: #ffecea; color: #c41e16; }
        .route.rejected .via { color: #c41e16; }
        .properties { display: block; margin-left: 64px; color: #8e8e93; font-size: 11.5px; }
        .via { margin-left: 6px; color: #6e6e73; }
        .not-carried { list-style: none; margin: 0; padding: 0; }
        .not-carried .more, .category-actions .more { color: #6e6e73; font-size: 12px; }
        .actions .more { padding: 9px 14px; border-top: 1px solid #e5e5ea; color: #6e6e73; font-size: 13px; }
        .device-claim { margin: 0 0 10px; padding: 8px 10px; border-radius: 10px; background: #fff4d6; color: #7a4b00;
          font-size: 12.5px; font-weight: 600; overflow-wrap: anywhere; }
        .in-full { margin-top: 14px; background: #fff; border-radius: 14px; padding: 4px 16px 12px; }
        .in-full-list { list-style: none; margin: 0; padding: 0; }
        .full-text { margin: 2px 0 8px; max-height: 12em; overflow: auto; white-space: pre-wrap;
          overflow-wrap: anywhere; font-size: 13px; }

        """
}
