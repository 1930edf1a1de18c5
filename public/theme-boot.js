// Applies the saved light/dark choice before the app loads, so the page never flashes white.
document.documentElement.dataset.theme = localStorage.getItem("theme_dark") === "true" ? "dark" : "light";
