# Build the Windows app (one folder) and its installer (Inno Setup), on Windows.
#
#   powershell -ExecutionPolicy Bypass -File build_scripts\build_windows.ps1
#
# Needs Python 3.11+ (the py launcher, or $env:PYTHON pointing at a venv's python.exe) and
# Inno Setup 6.3+ (ISCC.exe; preinstalled on GitHub's windows-2022 runners). Produces
#   dist\annotator\annotator.exe                                 the app folder
#   dist\installer\CaptionRatingAnnotator-<version>-setup.exe    the installer for taggers
$ErrorActionPreference = "Stop"
Set-Location (Join-Path $PSScriptRoot "..")

$python = $env:PYTHON
if (-not $python) {
    $python = ".venv-build\Scripts\python.exe"
    if (-not (Test-Path $python)) { py -3.11 -m venv .venv-build }
}
& $python -m pip install -q -e ".[build]"
if ($LASTEXITCODE) { throw "pip install failed" }
& $python -m PyInstaller --noconfirm --clean --log-level WARN `
    --distpath dist --workpath build\pyinstaller build_scripts\annotator.spec
if ($LASTEXITCODE) { throw "PyInstaller failed" }

# Smoke test of the frozen app. It is a windowed program: piping it makes PowerShell wait
# for it and print what it checked.
$env:QT_QPA_PLATFORM = "offscreen"
& dist\annotator\annotator.exe --self-test | Out-Host
if ($LASTEXITCODE) { throw "the frozen self-test failed" }
Remove-Item Env:QT_QPA_PLATFORM

$version = (& $python -c "import annotator; print(annotator.__version__)").Trim()
$iscc = (Get-Command ISCC.exe -ErrorAction SilentlyContinue).Source
if (-not $iscc) { $iscc = Join-Path ${env:ProgramFiles(x86)} "Inno Setup 6\ISCC.exe" }
& $iscc "/DAppVersion=$version" build_scripts\annotator.iss
if ($LASTEXITCODE) { throw "Inno Setup failed" }
Get-ChildItem dist\installer
