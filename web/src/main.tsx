/** The dashboard's pages and their addresses (preact-iso's router). */
import { render } from 'preact';
import { LocationProvider, Route, Router } from 'preact-iso';
import { ComparePage } from './pages/ComparePage.js';
import { CrossMethodPage } from './pages/CrossMethodPage.js';
import { EpisodePage } from './pages/EpisodePage.js';
import { RunPage } from './pages/RunPage.js';
import { RunsPage } from './pages/RunsPage.js';
import './style.css';

function NotFound() {
  return (
    <p>
      No such page. <a href="/">All runs</a>
    </p>
  );
}

function App() {
  return (
    <LocationProvider>
      <header class="top">
        <a href="/" class="brand">
          hearth
        </a>{' '}
        <span class="muted">dashboard</span>
      </header>
      <main>
        <Router>
          <Route path="/" component={RunsPage} />
          <Route path="/runs/:run" component={RunPage} />
          <Route path="/runs/:run/compare" component={ComparePage} />
          <Route path="/runs/:run/table" component={CrossMethodPage} />
          <Route path="/runs/:run/episodes/:index" component={EpisodePage} />
          <Route path="/traces/:n" component={EpisodePage} />
          <Route default component={NotFound} />
        </Router>
      </main>
    </LocationProvider>
  );
}

render(<App />, document.getElementById('app')!);
