# text.gp: titles that fit. wrap(s, n) breaks s into lines of at most n
# characters: after the last ", " in the last third of the n, else at the
# last space (a line break of s stays; a longer word stays whole).
# chars(px) is how many characters of the base font fit in px pixels, at
# a generous 7.5 px a character (DejaVu Sans at the figures' base size
# averages 6.7-7.1 px, digits 8). Every title and panel title goes
# through wrap(TEXT, chars(the width it is centred in)), and
# tests/host/plots-fit.t checks that no text of a PNG reaches its edge.
# lines(s) counts the lines of s, for a layout that makes room for a
# title: line_px is the height of one, at the base size, with its spacing.
chars(px) = int(px / 7.5)
line_px = 16
lines(s) = strstrt(s, "\n") > 0 ? 1 + lines(s[strstrt(s, "\n") + 1:]) : 1
# wrap_space(s, i): the last space at or before i (0: none)
wrap_space(s, i) = i < 1 ? 0 : (s[i:i] eq " " ? i : wrap_space(s, i - 1))
# wrap_comma(s, i, lo): the last space after a comma at or before i, not before lo
wrap_comma(s, i, lo) = i < lo || i < 2 ? 0 : (s[i - 1:i] eq ", " ? i : wrap_comma(s, i - 1, lo))
# wrap_cut(s, n, k): s broken at the space k, or at its first space
wrap_cut(s, n, k) = k > 1 ? s[1:k - 1] . "\n" . wrap_line(s[k + 1:], n) : \
	(strstrt(s, " ") > 0 ? s[1:strstrt(s, " ") - 1] . "\n" . wrap_line(s[strstrt(s, " ") + 1:], n) : s)
wrap_pick(s, n, c) = wrap_cut(s, n, c > 0 ? c : wrap_space(s, n + 1))
wrap_line(s, n) = strlen(s) <= n ? s : wrap_pick(s, n, wrap_comma(s, n + 1, int(2 * n / 3)))
wrap(s, n) = strstrt(s, "\n") > 0 ? \
	wrap_line(s[1:strstrt(s, "\n") - 1], n) . "\n" . wrap(s[strstrt(s, "\n") + 1:], n) : wrap_line(s, n)
