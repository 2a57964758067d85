/**
 * The text shown until the first screen can draw (issue 21): index.html carries the same markup in
 * #root, so the first paint of any page is this text (the page's first contentful paint) instead of
 * a blank page while the app's code downloads and the stored session is checked. React replaces it
 * with this component (same look) and then with the screen. Styled by global.css, which is in the
 * entry's render-blocking stylesheet.
 */
export function StartupLoader() {
  return (
    <div className="portal-startup" aria-busy="true">
      Loading…
    </div>
  );
}
