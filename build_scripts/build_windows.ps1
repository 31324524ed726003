# Build the Windows app (one folder) and its installer (Inno Setup), on Windows.
#
#   powershell -ExecutionPolicy Bypass -File build_scripts\build_windows.ps1
#
# Needs Python 3.11+ (the py launcher, or $env:PYTHON pointing at a venv's python.exe) and
# Inno Setup 6.3+ (ISCC.exe on PATH or in its default folder). Produces
#   dist\annotator\CaptionRatingAnnotator.exe                    the app (a window, no console)
#   dist\annotator\annotator.exe                                 the command, for terminals
#   dist\installer\CaptionRatingAnnotator-<version>-setup.exe    the installer for taggers
#
# Signing (optional; unsigned installers work, with a SmartScreen warning the first time):
#   $env:WINDOWS_SIGN_PFX       path of an Authenticode code-signing certificate (.pfx)
#   $env:WINDOWS_SIGN_PASSWORD  its password
#   $env:WINDOWS_SIGN_TIMESTAMP timestamp server (default http://timestamp.digicert.com)
# With them, both programs, the installer and its uninstaller are signed with signtool
# (from the Windows SDK, present on GitHub's Windows runners).
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

# Smoke test of the frozen app: the console command prints what it checked; the window
# program (no console) is judged by its exit status.
$env:QT_QPA_PLATFORM = "offscreen"
& dist\annotator\annotator.exe --self-test
if ($LASTEXITCODE) { throw "the frozen self-test failed (annotator.exe)" }
$gui = Start-Process -FilePath dist\annotator\CaptionRatingAnnotator.exe -ArgumentList "--self-test" -Wait -PassThru
if ($gui.ExitCode) { throw "the frozen self-test failed (CaptionRatingAnnotator.exe)" }
Remove-Item Env:QT_QPA_PLATFORM
& $python build_scripts\check_notices.py dist\annotator
if ($LASTEXITCODE) { throw "the third-party notices do not match the bundle" }

$sign = [bool]$env:WINDOWS_SIGN_PFX
$isccOptions = @()
if ($sign) {
    $signtool = Get-ChildItem "${env:ProgramFiles(x86)}\Windows Kits\10\bin\*\x64\signtool.exe" |
        Sort-Object FullName | Select-Object -Last 1 -ExpandProperty FullName
    if (-not $signtool) { throw "signtool.exe not found (install the Windows SDK)" }
    $timestamp = if ($env:WINDOWS_SIGN_TIMESTAMP) { $env:WINDOWS_SIGN_TIMESTAMP } else { "http://timestamp.digicert.com" }
    $signArgs = @("sign", "/fd", "SHA256", "/f", $env:WINDOWS_SIGN_PFX, "/p", $env:WINDOWS_SIGN_PASSWORD, "/tr", $timestamp, "/td", "SHA256")
    & $signtool @signArgs dist\annotator\CaptionRatingAnnotator.exe dist\annotator\annotator.exe
    if ($LASTEXITCODE) { throw "signtool failed" }
    # Inno Setup signs the setup and its uninstaller with the same command ($q: a quote,
    # $f: the quoted file to sign).
    $quoted = ($signArgs | ForEach-Object { "`$q$_`$q" }) -join " "
    $isccOptions = @("/DSignSetup", "/Ssigntool=`$q$signtool`$q $quoted `$f")
}

$version = (& $python -c "import annotator; print(annotator.__version__)").Trim()
$iscc = (Get-Command ISCC.exe -ErrorAction SilentlyContinue).Source
if (-not $iscc) { $iscc = Join-Path ${env:ProgramFiles(x86)} "Inno Setup 6\ISCC.exe" }
& $iscc "/DAppVersion=$version" @isccOptions build_scripts\annotator.iss
if ($LASTEXITCODE) { throw "Inno Setup failed" }
Get-ChildItem dist\installer
