extension WebPage {
    /// The page: no inline script or style (the policy forbids both), every URL relative.
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="referrer" content="no-referrer">
<title>SUSI</title>
<link rel="icon" href="icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="app.css">
<script src="app.js" defer></script>
</head>
<body>
<a class="skip" href="#q">Skip to the message box</a>
<header class="top">
  <h1><img src="icon.svg" alt="" width="24" height="24"> SUSI</h1>
  <nav aria-label="Sections">
    <button type="button" class="tab" id="tab-chat" data-section="chat" aria-current="page">Chat</button>
    <button type="button" class="tab" id="tab-skills" data-section="skills">Skills</button>
    <button type="button" class="tab" id="tab-account" data-section="account">Log in</button>
  </nav>
</header>
<main>
  <section id="chat" class="section" aria-labelledby="chat-title">
    <h2 id="chat-title" class="sr-only" tabindex="-1">Chat</h2>
    <div id="log" class="log" role="log" aria-label="Conversation" aria-live="polite"></div>
    <form id="ask" class="ask" autocomplete="off">
      <label for="q" class="sr-only">Message to SUSI</label>
      <input id="q" name="q" type="text" maxlength="2000" placeholder="Ask SUSI something" required>
      <button type="submit">Send</button>
    </form>
  </section>

  <section id="skills" class="section" aria-labelledby="skills-title" hidden>
    <h2 id="skills-title" tabindex="-1">Skills</h2>
    <form id="search" role="search">
      <label for="skill-q">Search skills</label>
      <div class="row">
        <input id="skill-q" name="skill-q" type="search" maxlength="200">
        <button type="submit">Search</button>
      </div>
    </form>
    <p id="skill-count" class="muted"></p>
    <ul id="skill-list" class="skill-list"></ul>

    <article id="skill" class="skill" aria-labelledby="skill-title" hidden>
      <button type="button" id="skill-back" class="link-button">Back to the list</button>
      <h3 id="skill-title" tabindex="-1"></h3>
      <p id="skill-meta" class="muted"></p>
      <p id="skill-description"></p>
      <h4>Examples</h4>
      <ul id="skill-examples" class="examples"></ul>
      <h4 id="chart-title">Ratings</h4>
      <p id="chart-summary"></p>
      <table id="chart" class="chart" aria-labelledby="chart-title">
        <thead><tr><th scope="col">Stars</th><th scope="col">Share</th><th scope="col">Ratings</th></tr></thead>
        <tbody id="chart-rows"></tbody>
      </table>
      <p id="my-stars"></p>
      <form id="rate" hidden>
        <fieldset>
          <legend>Your stars for this skill</legend>
          <div class="stars" id="star-choices"></div>
        </fieldset>
        <button type="submit">Rate</button>
      </form>
      <form id="feedback-form" hidden>
        <label for="feedback-text">Your feedback</label>
        <textarea id="feedback-text" rows="3" maxlength="1000" required></textarea>
        <button type="submit">Send feedback</button>
      </form>
      <p id="login-hint" class="muted">Log in to rate this skill and write feedback.</p>
      <h4>Feedback</h4>
      <ul id="feedback-list" class="feedback"></ul>
    </article>
  </section>

  <section id="account" class="section" aria-labelledby="account-title" hidden>
    <h2 id="account-title" tabindex="-1">Account</h2>
    <div id="logged-out">
      <form id="login-form" class="stack">
        <h3>Log in</h3>
        <label for="login-email">Email</label>
        <input id="login-email" type="email" autocomplete="username" required>
        <label for="login-password">Password</label>
        <input id="login-password" type="password" autocomplete="current-password" required>
        <button type="submit">Log in</button>
      </form>
      <form id="signup-form" class="stack">
        <h3>Sign up</h3>
        <label for="signup-email">Email</label>
        <input id="signup-email" type="email" autocomplete="username" required>
        <label for="signup-password">Password</label>
        <input id="signup-password" type="password" autocomplete="new-password" aria-describedby="password-rule" required>
        <p id="password-rule" class="muted"></p>
        <button type="submit">Sign up</button>
      </form>
    </div>
    <div id="logged-in" hidden>
      <p id="account-who"></p>
      <button type="button" id="logout">Log out</button>
    </div>
  </section>
</main>
<p id="status" class="status" role="status" aria-live="polite"></p>
</body>
</html>

"""#

    static let icon = #"""
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="#4285f4"/><path d="M9 12a7 7 0 0 1 14 0v4a7 7 0 0 1-14 0z" fill="#fff"/><circle cx="13" cy="13" r="1.6" fill="#4285f4"/><circle cx="19" cy="13" r="1.6" fill="#4285f4"/></svg>

"""#
}
