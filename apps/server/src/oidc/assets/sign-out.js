/* global document */
// Sign-out asked for by the first-party web app needs no second click.
document.getElementById('confirm-sign-out')?.click();
