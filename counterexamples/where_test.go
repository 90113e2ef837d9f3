package counterexamples

import "testing"

// TestWhereLinesNameTheFolderTheFileIsKeptIn: the header's replay line
// names the file where it is written, and only a file in DefaultDir (named
// from the repository root or any other way) names TestRegression.
func TestWhereLinesNameTheFolderTheFileIsKeptIn(t *testing.T) {
	const regression = "# test: go test ./counterexamples -run 'TestRegression/x-1$' -v\n"
	const none = "# test: none (go test replays the files in testdata/counterexamples only)\n"
	for _, c := range []struct{ dir, want string }{
		{"", "# replay: modelcheck replay testdata/counterexamples/x-1.txt\n" + regression},
		{"testdata/counterexamples", "# replay: modelcheck replay testdata/counterexamples/x-1.txt\n" + regression},
		{"../../testdata/counterexamples/", "# replay: modelcheck replay testdata/counterexamples/x-1.txt\n" + regression},
		{"/home/u/repo/testdata/counterexamples", "# replay: modelcheck replay testdata/counterexamples/x-1.txt\n" + regression},
		{"/tmp/found", "# replay: modelcheck replay /tmp/found/x-1.txt\n" + none},
		// A folder whose name only ends as DefaultDir's does is another
		// folder: mytestdata is not testdata.
		{"/tmp/mytestdata/counterexamples", "# replay: modelcheck replay /tmp/mytestdata/counterexamples/x-1.txt\n" + none},
		{"testdata/example", "# replay: modelcheck replay testdata/example/x-1.txt\n" + none},
		{".", "# replay: modelcheck replay x-1.txt\n" + none},
	} {
		if got := whereLines(Origin{Dir: c.dir}, "x-1.txt"); got != c.want {
			t.Errorf("dir %q:\n%s want\n%s", c.dir, got, c.want)
		}
	}
}

// TestWhereLinesOfATestModel: a file of a model only the tests know names
// the test that replays it, and no modelcheck replay, which would refuse
// the model.
func TestWhereLinesOfATestModel(t *testing.T) {
	const want = "# replay: none (a test's model, which modelcheck does not know; run the test)\n# test: go test ./counterexamples -run 'TestLassoFile$' -v\n"
	if got := whereLines(Origin{Dir: "testdata/example", Test: "go test ./counterexamples -run 'TestLassoFile$' -v"}, "x-1.txt"); got != want {
		t.Errorf("got\n%s want\n%s", got, want)
	}
}
